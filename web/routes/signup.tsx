import { createFileRoute, useRouter } from "@tanstack/react-router";
import { GuestOnly } from "../components/guest-only.tsx";
import { SignupScreen } from "../features/account/signup-screen.tsx";
import { loadSurveyQuestions } from "../features/account/survey-questions-api.ts";

export const Route = createFileRoute("/signup")({
  loader: () => loadSurveyQuestions(),
  component: SignupRoute,
});

function SignupRoute() {
  const { questions, failed } = Route.useLoaderData();
  const router = useRouter();
  return (
    <GuestOnly>
      <SignupScreen questions={questions} questionsFailed={failed} onReloadQuestions={() => router.invalidate()} />
    </GuestOnly>
  );
}
