import { Link } from "@tanstack/react-router";
import { LeafIcon } from "./icons.tsx";
import { MessageScreen } from "./message-screen.tsx";

/** Shown for any address the app does not know. */
export function NotFound() {
  return (
    <MessageScreen
      title="Page not found"
      eyebrow="Error 404"
      icon={
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-terracotta-50 text-terracotta-600">
          <LeafIcon className="size-7" />
        </span>
      }
      actions={
        <>
          <Link to="/" className="btn btn-primary">
            Back to home
          </Link>
          <Link to="/products" className="btn btn-outline">
            Browse products
          </Link>
        </>
      }
    >
      The page you are looking for does not exist or has moved. Let us take you somewhere calmer.
    </MessageScreen>
  );
}
