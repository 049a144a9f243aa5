import { Fragment, type ReactNode } from "react";

/** Marks a parameter's place in the message's text: a private-use character no message holds. */
const mark = (index: number) => `\uE000${index}\uE000`;
const marks = /\uE000(\d+)\uE000/;

/**
 * A catalogue message whose parameters are elements (a link, an address in bold). Messages
 * return text, so the message is written with a mark for each parameter and cut at the marks:
 * each language keeps its own word order around the elements (Turkish puts the links first).
 * `messageParts(m.account_agreement_sign_in, { terms: <Link…/>, privacy: <Link…/> })`.
 */
export function messageParts<Name extends string>(
  message: (inputs: Record<Name, string>) => string,
  parts: Record<Name, ReactNode>,
): ReactNode[] {
  const names = Object.keys(parts) as Name[];
  const text = message(Object.fromEntries(names.map((name, index) => [name, mark(index)])) as Record<Name, string>);
  return text
    .split(marks)
    .map((piece, index) =>
      index % 2 === 1 ? <Fragment key={piece}>{parts[names[Number(piece)] as Name]}</Fragment> : piece,
    );
}
