/** Routes that only read views (issue 19): no event store, publisher nor EventBridge client in their bundles. */
export const VIEW_READING_ROUTES = [
  'functions/features/users/http/me.ts',
  'functions/features/projects/http/list.ts',
  'functions/features/projects/http/get.ts',
  'functions/features/activity/http/project.ts',
  'functions/features/projects/http/moderation-list.ts',
  'functions/features/insights/http/get.ts',
  'functions/features/users/http/admin-list.ts',
  'functions/features/users/http/admin-get.ts',
  'functions/features/billing/http/subscription.ts',
  'functions/features/notifications/http/list.ts',
  'functions/features/notifications/http/preferences-get.ts',
  'functions/features/notifications/http/unsubscribe-ask.ts',
  'functions/features/live/socket/connect.ts',
];
