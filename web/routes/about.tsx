import { createFileRoute } from "@tanstack/react-router";
import { AboutScreen } from "../features/about/about-screen.tsx";

export const Route = createFileRoute("/about")({
  component: AboutScreen,
});
