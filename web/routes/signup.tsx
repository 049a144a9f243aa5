import { createFileRoute, useRouter } from "@tanstack/react-router";
import { guestOnly } from "../components/route-guards.tsx";
import { SignupScreen } from "../features/account/signup-screen.tsx";
import { loadSurveyQuestions } from "../features/account/survey-questions-api.ts";

export const Route = createFileRoute("/signup")({
  // Decided before the loader: a signed-in member sent home never asks for the questions.
  ...guestOnly(),
  loader: () => loadSurveyQuestions(),
  component: SignupRoute,
});

function SignupRoute() {
  const { questions, failed } = Route.useLoaderData();
  const router = useRouter();
  return <SignupScreen questions={questions} questionsFailed={failed} onReloadQuestions={() => router.invalidate()} />;
}
