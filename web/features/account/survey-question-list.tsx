import { useId } from "react";
import type { SurveyQuestion } from "../../../worker/contract/catalogue.ts";
import { ScrollArea } from "../../components/scroll-area.tsx";
import { m } from "../../paraglide/messages.js";

/**
 * The temperament test as numbered questions with one radio group each (docs/product.md §2): used by the
 * sign-up wizard and, read-only until Edit, by the profile. Scrolls within about 24rem (docs/product.md §9).
 */
export function SurveyQuestionList({
  questions,
  responses,
  onAnswer,
  disabled = false,
}: {
  questions: readonly SurveyQuestion[];
  responses: Record<string, string>;
  onAnswer(questionId: number, answer: string): void;
  disabled?: boolean;
}) {
  const id = useId();
  if (questions.length === 0) {
    return <p className="rounded-2xl bg-linen px-5 py-8 text-center text-muted">{m.account_no_survey_questions()}</p>;
  }
  return (
    <ScrollArea label={m.account_survey_questions()} className="p-3 sm:p-4">
      <ol className="space-y-4">
        {questions.map((question, index) => (
          <li key={question.id}>
            <fieldset className="rounded-xl bg-cream px-4 py-3" disabled={disabled}>
              <legend className="float-left mb-2 w-full font-medium text-ink">
                <span className="mr-1 text-sage-700">{index + 1}.</span> {question.question}
              </legend>
              {question.options.length === 0 ? (
                <p className="clear-left text-sm text-muted">{m.account_no_options()}</p>
              ) : (
                <div className="clear-left grid gap-1.5">
                  {question.options.map((option, optionIndex) => {
                    const optionId = `${id}-${question.id}-${optionIndex}`;
                    const checked = responses[String(question.id)] === option;
                    return (
                      <label
                        key={option}
                        htmlFor={optionId}
                        className={`flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 text-sm ${
                          checked ? "border-sage-600 bg-sage-50" : "border-transparent"
                        } ${disabled ? "" : "cursor-pointer hover:bg-sage-50"}`}
                      >
                        <input
                          id={optionId}
                          type="radio"
                          name={`${id}-${question.id}`}
                          value={option}
                          checked={checked}
                          onChange={() => onAnswer(question.id, option)}
                          className="size-4 shrink-0 accent-sage-700"
                        />
                        <span>{option}</span>
                      </label>
                    );
                  })}
                </div>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
    </ScrollArea>
  );
}
