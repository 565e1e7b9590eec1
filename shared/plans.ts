/**
 * The two plans of the product (docs/product.md#records, #limits). Plain data without zod: the landing page imports it
 * and must stay light. Price ids are configuration (functions/features/billing/provider/config.ts), never here.
 *
 * The landing page and the plan dialog word the active-project limit differently; the spec keeps
 * both readings, so each plan carries the limit line for each place.
 */
export const TIERS = ['starter', 'pro_builder'] as const;
export type Tier = (typeof TIERS)[number];

export interface Plan {
  tier: Tier;
  name: string;
  /** US dollars per month. */
  monthlyPrice: number;
  mostPopular: boolean;
  /** The limit line as the landing page words it. */
  landingLimit: string;
  /** The limit line as the 'Join Design Club' dialog words it. */
  dialogLimit: string;
  /** The rest of the plan's features, the same in both places. */
  features: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    tier: 'starter',
    name: 'Starter',
    monthlyPrice: 500,
    mostPopular: false,
    landingLimit: 'Up to 2 active projects',
    dialogLimit: '1 active design planning request with unlimited edits',
    features: [
      '3D renderings',
      'Material mood boards',
      'Standard turnaround: 48-72 h typical, 5-10 business days for complex work',
      'Dashboard support (no email support)',
      'Cancel or pause anytime',
    ],
  },
  {
    tier: 'pro_builder',
    name: 'Designer Pro',
    monthlyPrice: 1499,
    mostPopular: true,
    landingLimit: 'Up to 4 active projects',
    dialogLimit: 'Up to 3 active requests with unlimited edits',
    features: [
      '3D renderings & video walkthroughs',
      'Complete material specifications',
      'Priority turnaround',
      'Dedicated account / designer manager',
      'Concierge email support',
    ],
  },
];

export const MOST_POPULAR_LABEL = 'Most Popular';

/** Spec/1 §9: what no plan includes. */
export const NOT_INCLUDED: readonly string[] = [
  'Engineer stamping and calculations',
  'City submission and expediter fees',
  'As-built surveys',
  'Custom software',
];

/** Spec/1 §9: the company policies shown under 'User Friendly Company Policies'. */
export const POLICIES: readonly string[] = [
  'Pause or cancel anytime: billing stops at the end of your current cycle',
  'First-week 100% refund',
  'You own every deliverable we make for you',
];

/** "$1,499" */
export const formatPrice = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;
