import { CheckIcon } from "../../components/icons.tsx";
import { MessageScreen } from "../../components/message-screen.tsx";

/** Shown in Turkish after the e-mail verification link was followed (docs/product.md §2). */
export function VerifySuccessScreen() {
  return (
    <MessageScreen
      lang="tr"
      title="E-posta adresiniz doğrulandı"
      documentTitle="E-posta doğrulandı"
      icon={CheckIcon}
      tone="calm"
      links={[{ to: "/signin", label: "Giriş Yap" }]}
    >
      Teşekkürler! Hesabınız artık etkin. Giriş yaparak profilinizi ve mizaç testinizi görüntüleyebilirsiniz.
    </MessageScreen>
  );
}
