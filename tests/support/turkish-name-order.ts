/**
 * Product names in Turkish alphabetical order (ADR 0098): each pair a letter and its Turkish
 * neighbour (C/Ç, I/İ, S/Ş, U/Ü), which code-point order would put after Z. The tests create them
 * in `creationOrder` and expect the shop to list them as `turkishOrder`.
 */
export const turkishOrder = [
  "Cevher",
  "Çay",
  "Ihlamur",
  "İncir",
  "Sarı Kantaron",
  "Şifalı Ot",
  "Uzun",
  "Ünlü Bal",
  "Zencefil",
] as const;

/** The same names shuffled, as an admin might add them. */
export const creationOrder = [
  "Zencefil",
  "Şifalı Ot",
  "Çay",
  "İncir",
  "Ihlamur",
  "Cevher",
  "Sarı Kantaron",
  "Ünlü Bal",
  "Uzun",
];
