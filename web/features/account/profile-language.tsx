import { useEffect, useId, useState } from "react";
import type { MemberLocale } from "../../../worker/contract/member-locale.ts";
import { readJson } from "../../lib/api-client.ts";
import { memberApi } from "../../lib/session.ts";
import { m } from "../../paraglide/messages.js";
import { FormMessage, ProfileSection } from "./form-parts.tsx";

/** Each language named in itself (docs/turkish-glossary.md), in both pages' order. */
const choices: { locale: MemberLocale; name: () => string; lang: MemberLocale }[] = [
  { locale: "tr", name: m.email_language_turkish, lang: "tr" },
  { locale: "en", name: m.email_language_english, lang: "en" },
];

/**
 * The member's language on the profile (issue 40, ADR 0083): the language the shop's e-mails are
 * written in, chosen at sign-up by the sign-up page's language. A choice is saved at once; the
 * radio shows what the server holds, so a failed save goes back to it.
 */
export function ProfileLanguage({ className = "" }: { className?: string }) {
  const id = useId();
  const [locale, setLocale] = useState<MemberLocale | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    readJson(memberApi.user.profile.locale.$get()).then(
      (read) => current && setLocale(read.locale),
      () => current && setLocale(null),
    );
    return () => {
      current = false;
    };
  }, []);

  const choose = async (chosen: MemberLocale) => {
    if (saving || chosen === locale) return;
    const before = locale;
    setLocale(chosen);
    setSaving(true);
    setMessage(null);
    try {
      const saved = await readJson(memberApi.user.profile.locale.$put({ json: { locale: chosen } }));
      setLocale(saved.locale);
      setMessage({ tone: "success", text: m.email_language_saved() });
    } catch {
      setLocale(before);
      setMessage({ tone: "error", text: m.email_language_failed() });
    } finally {
      setSaving(false);
    }
  };

  if (locale === null && message === null) return null;
  return (
    <ProfileSection title={m.email_language_title()} className={className}>
      <p id={`${id}-note`} className="mt-1 text-sm text-muted">
        {m.email_language_note()}
      </p>
      <fieldset aria-describedby={`${id}-note`} aria-busy={saving} className="mt-4 flex flex-wrap gap-3">
        <legend className="sr-only">{m.email_language_title()}</legend>
        {choices.map((choice) => (
          <label
            key={choice.locale}
            lang={choice.lang}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-sand bg-white px-4 text-sm font-medium text-sage-900 has-[:checked]:border-sage-600 has-[:checked]:bg-sage-50"
          >
            <input
              type="radio"
              name={`${id}-locale`}
              value={choice.locale}
              checked={locale === choice.locale}
              disabled={saving}
              onChange={() => void choose(choice.locale)}
              className="size-4 accent-sage-700"
            />
            {choice.name()}
          </label>
        ))}
      </fieldset>
      {message ? (
        <FormMessage tone={message.tone} className="mt-4">
          {message.text}
        </FormMessage>
      ) : null}
    </ProfileSection>
  );
}
