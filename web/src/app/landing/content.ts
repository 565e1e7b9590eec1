/** The landing page's words (docs/product.md#screens, #limits). Plan texts live with the plans (shared/plans.ts). */

export const HERO = {
  eyebrow: 'Subscription design & permit drafting',
  title: 'Design and permit-ready plans on demand, for one flat monthly fee',
  text:
    'Layouts, 3D renderings, material boards and permit-ready plan sets, delivered through your online client ' +
    'dashboard.',
};

export const STEPS = [
  {
    title: 'Submit Your Project',
    text:
      'Tell us about the space, your goals and the deliverables you need in a guided brief, and attach plans or ' +
      'photos.',
  },
  {
    title: 'AI-Powered Checklist',
    text:
      'Your brief becomes a task checklist with hour estimates, so you see the scope and the turnaround before ' +
      'work starts.',
  },
  {
    title: 'Download & Deliver',
    text:
      'Follow progress on your dashboard, then download finished layouts, renderings and plan sets for your ' +
      'client or the city.',
  },
] as const;

export interface SampleCard {
  title: string;
  category: 'Material Board' | 'Permit Set' | 'Presentation' | 'Rendering';
  description: string;
  image: string;
  alt: string;
}

export const SAMPLES: readonly SampleCard[] = [
  {
    title: 'Coastal Kitchen Palette',
    category: 'Material Board',
    description:
      'An illustrated flat-lay board: white oak, Calacatta quartz, brushed brass, paint chips and linen pulled into ' +
      'one calm palette for a bright family kitchen.',
    image: '/samples/material-board.svg',
    alt:
      'Illustration of a material board laid flat: white oak, veined Calacatta quartz, brushed brass hardware, ' +
      'paint chips, sea-glass tile and a linen swatch, each labelled',
  },
  {
    title: 'Backyard ADU Plan Set',
    category: 'Permit Set',
    description:
      'A drawn permit sheet for a 600 sq ft accessory dwelling: dimensioned floor plan, door and window schedules, ' +
      'notes and a title block.',
    image: '/samples/permit-set.svg',
    alt:
      'Drawing of a permit sheet: dimensioned floor plan of a one-bedroom ADU with door swings, windows, room ' +
      'areas, schedules, north arrow, scale bar and title block',
  },
  {
    title: 'Open-Plan Living Options',
    category: 'Presentation',
    description:
      'An illustrated slide: two furnished layout options side by side with finishes, trade-offs and a ' +
      'recommendation, made for one quick client decision.',
    image: '/samples/presentation.svg',
    alt:
      'Illustration of a presentation slide comparing two open-plan kitchen and living layouts, with finishes and ' +
      'a recommended option',
  },
  {
    title: 'Modern Farmhouse Exterior',
    category: 'Rendering',
    description:
      'An illustrated dusk view of the concept: board-and-batten siding, black windows glowing warm, a lit path and ' +
      'landscaping, the story a rendering tells.',
    image: '/samples/rendering.svg',
    alt:
      'Illustration of a white board-and-batten modern farmhouse at dusk with warm black-framed windows, a lit ' +
      'paver path and landscaping',
  },
];

export const REASONS = [
  {
    title: 'Fast Turnarounds',
    text: 'Most requests come back in 48-72 hours; complex work takes 5-10 business days.',
    icon: 'bolt',
  },
  {
    title: 'Predictable Pricing',
    text: 'One flat monthly fee. No hourly billing, no change-order surprises, no invoices to chase.',
    icon: 'tag',
  },
  {
    title: 'Full Online Workflow',
    text: 'Submit, track, review and download in one dashboard instead of long e-mail threads.',
    icon: 'cloud',
  },
] as const;

export const AUDIENCES = [
  {
    title: 'Architects',
    text: 'Hand off drafting, renderings and permit sets, and keep your studio focused on design.',
  },
  {
    title: 'Builders & Contractors',
    text: 'Get layouts and permit-ready plans fast, so jobs start on schedule and bids win.',
  },
  {
    title: 'Investors & Developers',
    text: 'Visualise and permit renovations across your portfolio for one fixed monthly cost.',
  },
] as const;

export const CLOSING = {
  title: 'Ready to start your next project?',
  text: 'Join Design Club, submit your first brief today and see the checklist in minutes.',
};
