import { m } from "../../paraglide/messages.js";

/** "Step N of 3", a progress bar and the steps' labels (docs/product.md §2). */
export function SignupProgress({ step, titles }: { step: number; titles: readonly string[] }) {
  const total = titles.length;
  return (
    <div className="mt-8">
      <p className="text-center text-sm font-semibold text-sage-800">{m.account_step_of({ step, total })}</p>
      <div
        role="progressbar"
        aria-label={m.account_signup_progress()}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-valuetext={`${m.account_step_of({ step, total })}: ${titles[step - 1]}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-sage-100"
      >
        <div
          className="h-full rounded-full bg-sage-600 transition-[width] duration-300"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
      <ol className="mt-3 grid grid-cols-3 gap-2 text-center text-xs sm:text-sm">
        {titles.map((title, index) => (
          <li
            key={title}
            aria-current={index + 1 === step ? "step" : undefined}
            className={index + 1 <= step ? "font-semibold text-sage-800" : "text-muted"}
          >
            {title}
          </li>
        ))}
      </ol>
    </div>
  );
}
