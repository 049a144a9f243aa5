import { CheckIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";
import { m } from "../../paraglide/messages.js";
import { getLocale } from "../../paraglide/runtime.js";

/**
 * Shown in Turkish after the e-mail verification link was followed (docs/product.md §2): its
 * messages are Turkish in both catalogues, so an English page marks it `lang="tr"`.
 */
export function VerifySuccessScreen() {
  return (
    <MessageScreen
      lang={getLocale() === "tr" ? undefined : "tr"}
      title={m.account_verified_title()}
      documentTitle={m.account_verified_document_title()}
      icon={CheckIcon}
      tone="calm"
      links={[{ to: "/signin", label: m.account_verified_sign_in() }]}
    >
      {m.account_verified_text()}
    </MessageScreen>
  );
}
