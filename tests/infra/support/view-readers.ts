/** Routes that only read views (issue 19): no event store, publisher nor EventBridge client in their bundles. */
export const VIEW_READING_ROUTES = [
  'functions/api/me/get.ts',
  'functions/api/projects/list.ts',
  'functions/api/projects/get.ts',
  'functions/api/projects/activity.ts',
  'functions/api/moderation/list.ts',
  'functions/api/admin/insights.ts',
  'functions/api/admin/users-list.ts',
  'functions/api/admin/users-get.ts',
  'functions/api/billing/subscription.ts',
  'functions/api/notifications/list.ts',
  'functions/api/notifications/preferences-get.ts',
  'functions/api/notifications/unsubscribe-ask.ts',
  'functions/realtime/connect.ts',
];
