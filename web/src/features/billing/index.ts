import { lazy } from 'react';

/** What the billing slice lends other slices' screens (its calls are in api/). */
export { PlanButton } from './components/PlanButton.js';

/** After a checkout: loaded only when shown (the confetti need not be in the dashboard's code). */
export const CheckoutSuccessDialog = lazy(() =>
  import('./components/CheckoutSuccessDialog.js').then((module) => ({ default: module.CheckoutSuccessDialog })),
);
