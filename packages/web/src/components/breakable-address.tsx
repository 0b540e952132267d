import { Fragment } from 'react';

/**
 * An email address that wraps after its `@` and before its dots, never mid-word (a 390 px card is narrow).
 * Give the element around it `break-words` (a single piece longer than a line may still break) and the full
 * address as its `title`.
 */
export function BreakableAddress({ address }: { address: string }) {
  return address.split(/(?<=@)|(?=\.)/).map((piece, i, pieces) => (
    // Text and <wbr> only (no wrapping elements), so the address reads as one word to assistive technology.
    // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed string
    <Fragment key={i}>
      {piece}
      {i < pieces.length - 1 && <wbr />}
    </Fragment>
  ));
}

/** A message with an `{email}` placeholder, the address in it breakable as above. */
export function TextWithAddress({ text, address }: { text: string; address: string }) {
  return text.split(/(\{email\})/).map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed template's parts
    part === '{email}' ? <BreakableAddress key={i} address={address} /> : part,
  );
}
