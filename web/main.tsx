import "./lib/zod-config.ts";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { readInitialData } from "./lib/initial-data.ts";
import { router } from "./router.tsx";
import "./styles.css";

// Read the server's embedded catalogue data while the address is still the one it was written for.
readInitialData();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
