// A field that takes digits only. React put a controlled field back to its state after a change
// the state ignored (a letter typed into a card number); Preact leaves what was typed on screen
// when the state does not change (docs/decisions/0079-the-h5-renders-with-preact.md), so the
// filtered value is written back here.

/** The field's digits (at most `max`), and the field showing exactly them. */
export function typedDigits(input: HTMLInputElement, max = Infinity): string {
  const digits = input.value.replace(/\D/g, '').slice(0, max);
  if (input.value !== digits) input.value = digits;
  return digits;
}
