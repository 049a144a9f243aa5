import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../components/coming-soon.tsx";

export const Route = createFileRoute("/products/$id")({
  component: () => <ComingSoon title="Product details" />,
});
