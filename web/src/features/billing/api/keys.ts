/** The query keys of the billing views. */
export const billingKeys = { subscription: () => ['billing', 'subscription'] as const };
