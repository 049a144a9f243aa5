/** Every file the admin's screens need, as `/assets/…` paths (web/vite-plugins/admin-code.ts). */
declare module "virtual:admin-code" {
  export const adminCode: readonly string[];
}
