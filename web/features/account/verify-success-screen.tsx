import { Link } from "@tanstack/react-router";
import { useEffect } from "react";

/** Shown in Turkish after the e-mail verification link was followed (SPEC §2). */
export function VerifySuccessScreen() {
  useEffect(() => {
    document.title = "E-posta doğrulandı · Doğal Yaşam";
  }, []);
  return (
    <section lang="tr" className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-lg rounded-3xl border border-sand bg-white px-6 py-12 text-center shadow-soft sm:px-12">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-sage-100 text-sage-700">
          <svg
            viewBox="0 0 24 24"
            className="size-8"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </span>
        <h1 className="mt-6 text-3xl font-semibold text-sage-900 sm:text-4xl">E-posta adresiniz doğrulandı</h1>
        <p className="mx-auto mt-4 max-w-md text-muted">
          Teşekkürler! Hesabınız artık etkin. Giriş yaparak profilinizi ve mizaç testinizi görüntüleyebilirsiniz.
        </p>
        <Link to="/signin" className="btn btn-primary mt-8 px-8">
          Giriş Yap
        </Link>
      </div>
    </section>
  );
}
