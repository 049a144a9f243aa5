import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { verifyProblems } from "../../worker/contract/auth.ts";
import { VerifyEmailScreen } from "../features/account/verify-email-screen.tsx";

/** A problem the page does not know (a hand-edited address) reads as "this link does not work". */
const searchSchema = z.object({ problem: z.catch(z.enum(verifyProblems), "invalid") });

export const Route = createFileRoute("/verify-email")({
  validateSearch: searchSchema,
  component: function VerifyEmailRoute() {
    const { problem } = Route.useSearch();
    return <VerifyEmailScreen problem={problem} />;
  },
});
