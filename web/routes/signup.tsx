import { createFileRoute, useRouter } from "@tanstack/react-router";
import { GuestOnly } from "../components/guest-only.tsx";
import { SignupScreen } from "../features/account/signup-screen.tsx";
import { fetchSurveyQuestions } from "../features/account/survey-questions-api.ts";

export const Route = createFileRoute("/signup")({
  loader: () => fetchSurveyQuestions(),
  component: SignupRoute,
});

function SignupRoute() {
  const questions = Route.useLoaderData();
  const router = useRouter();
  return (
    <GuestOnly>
      <SignupScreen questions={questions} onReloadQuestions={() => void router.invalidate()} />
    </GuestOnly>
  );
}
