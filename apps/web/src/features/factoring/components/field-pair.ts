/**
 * Two fields side by side (`fp-factoring-pair`, factoring.css): a card's field and its part
 * abroad, a debtor's sales and their currency. Given to each field as Mantine `classNames`, so that
 * label, hint, input and message each take a row shared by both fields (CSS subgrid): the two
 * inputs line up whether or not one of them has a hint or an error.
 */
export const FIELD_PAIR_CLASSES = {
  root: 'fp-factoring-pair-field',
  label: 'fp-factoring-pair-label',
  description: 'fp-factoring-pair-hint',
  wrapper: 'fp-factoring-pair-input',
  error: 'fp-factoring-pair-error',
};
