import { useState } from "react";
import type { Notice } from "./admin-ui.tsx";

/**
 * A tab's notice, and the one action of its that takes a while (Save Order, Clear Cache): busy
 * while it runs, then its words as the notice, success or failure.
 */
export function useTabAction() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** Runs `action`, which resolves with the words of its success; `failure` words any error. */
  const run = async (action: () => Promise<string>, failure: string) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ tone: "success", text: await action() });
    } catch {
      setNotice({ tone: "error", text: failure });
    } finally {
      setBusy(false);
    }
  };

  return { busy, notice, setNotice, run };
}
