/// <reference types="vite/client" />

/** Public settings read by Vite at build time (see `.dev.vars.example`). Never put secrets here. */
interface ImportMetaEnv {
  readonly VITE_CONTACT_CHAT_URL?: string;
  readonly VITE_CONTACT_STORE_URL?: string;
  readonly VITE_CONTACT_INSTAGRAM_URL?: string;
  readonly VITE_CONTACT_PINTEREST_URL?: string;
  readonly VITE_SHOP_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
