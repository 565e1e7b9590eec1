#!/usr/bin/env node
// Moves the SPA from folders by kind (web/src/components, routes, lib) into feature slices
// (web/src/features/<slice>/{api,components,routes}) over web/src/app and web/src/ui, with `git mv`,
// then rewrites every relative import (and vi.mock / import() path) that points at a moved file.
//
// Safe to run again, e.g. after merging a branch that edited the old files or added new ones:
// - a mapped file that is no longer at its old path is skipped (already moved, or never existed);
// - a file whose old and new paths both exist is reported and left alone (resolve it by hand);
// - every import in web/src, tests/, functions/, bench/ and bin/ is re-resolved: one that names an old
//   path (a file added on another branch before the move) is pointed at the new one.
// Imports of files outside web/ use the package.json `imports` aliases (#shared/*, ...) when one covers
// them, so adding an alias and re-running the script is how the SPA's deep relative imports go away.
//
// Usage: node tools/spa-slices/move.mjs [--dry-run]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const DRY = process.argv.includes('--dry-run');
const S = 'web/src';
const F = `${S}/features`;

/**
 * Old path → new path, files or folders (a folder maps every file under it; a file entry wins over
 * its folder's). Paths are relative to the repository root.
 */
export const MOVES = [
  // The app: entry wiring, routes table, providers, shell, query client, live listener, auth session.
  [`${S}/App.tsx`, `${S}/app/App.tsx`],
  [`${S}/routes.tsx`, `${S}/app/routes.tsx`],
  [`${S}/components/RequireAuth.tsx`, `${S}/app/RequireAuth.tsx`],
  [`${S}/lib/api.ts`, `${S}/app/api.ts`],
  [`${S}/lib/auth.ts`, `${S}/app/auth/auth.ts`],
  [`${S}/lib/auth-errors.ts`, `${S}/app/auth/auth-errors.ts`],
  [`${S}/lib/auth-loader.ts`, `${S}/app/auth/auth-loader.ts`],
  [`${S}/lib/auth-session.ts`, `${S}/app/auth/auth-session.ts`],
  [`${S}/lib/auth-tokens.ts`, `${S}/app/auth/auth-tokens.ts`],
  [`${S}/lib/roles.ts`, `${S}/app/auth/roles.ts`],
  [`${S}/lib/session.tsx`, `${S}/app/auth/session.tsx`],
  [`${S}/components/auth/server-roles.ts`, `${S}/app/auth/server-roles.ts`],
  [`${S}/lib/config.ts`, `${S}/app/config.ts`],
  [`${S}/lib/email-proof.ts`, `${S}/app/email-proof.ts`],
  [`${S}/lib/live.ts`, `${S}/app/live/live.ts`],
  [`${S}/lib/navigation.ts`, `${S}/app/navigation.ts`],
  [`${S}/lib/public-paths.ts`, `${S}/app/public-paths.ts`],
  [`${S}/lib/query`, `${S}/app/query`],
  [`${S}/routes/admin.tsx`, `${S}/app/screens/admin.tsx`],
  [`${S}/routes/landing.tsx`, `${S}/app/screens/landing.tsx`],
  [`${S}/routes/not-found.tsx`, `${S}/app/screens/not-found.tsx`],
  [`${S}/components/landing`, `${S}/app/landing`],
  [`${S}/ui/amplify/AmplifyShell.tsx`, `${S}/app/shell/AmplifyShell.tsx`],
  [`${S}/ui/AppHeader.tsx`, `${S}/app/shell/AppHeader.tsx`],

  // Shared: generic components (ui/) and helpers that know no feature (lib/).
  [`${S}/components/RouteStatus.tsx`, `${S}/ui/RouteStatus.tsx`],
  [`${S}/components/toast`, `${S}/ui/toast`],
  [`${S}/components/auth/AuthFrame.tsx`, `${S}/ui/auth-form/AuthFrame.tsx`],
  [`${S}/styles/base.css`, `${S}/ui/base.css`],
  [`${S}/components/admin/admin.css`, `${S}/ui/admin.css`],
  [`${S}/components/project/UploadButton.tsx`, `${S}/ui/UploadButton.tsx`],
  [`${S}/components/admin/dates.ts`, `${S}/lib/dates.ts`],

  // activity
  [`${S}/components/activity`, `${F}/activity/components`],
  [`${S}/components/admin/ActivityTab.tsx`, `${F}/activity/components/ActivityTab.tsx`],
  [`${S}/components/admin/ModerationTab.tsx`, `${F}/activity/components/ModerationTab.tsx`],
  [`${S}/components/admin/api/get-global-activity.ts`, `${F}/activity/api/get-global-activity.ts`],
  [`${S}/components/admin/api/get-pending-comments.ts`, `${F}/activity/api/get-pending-comments.ts`],
  [`${S}/components/project/api/get-project-activity.ts`, `${F}/activity/api/get-project-activity.ts`],

  // audit
  [`${S}/components/audit/api`, `${F}/audit/api`],
  [`${S}/components/audit`, `${F}/audit/components`],
  [`${S}/routes/admin-audit.tsx`, `${F}/audit/routes/admin-audit.tsx`],

  // billing
  [`${S}/components/billing/api`, `${F}/billing/api`],
  [`${S}/components/billing/billing-api.ts`, `${F}/billing/api/billing-api.ts`],
  [`${S}/components/billing`, `${F}/billing/components`],

  // checklists
  [`${S}/components/checklist`, `${F}/checklists/components`],

  // designers
  [`${S}/components/admin/SignOutDesignersButton.tsx`, `${F}/designers/components/SignOutDesignersButton.tsx`],
  [`${S}/components/auth/RequireDesigner.tsx`, `${F}/designers/components/RequireDesigner.tsx`],
  [`${S}/components/admin/api/get-designers.ts`, `${F}/designers/api/get-designers.ts`],
  [`${S}/components/admin/use-designers.ts`, `${F}/designers/api/use-designers.ts`],
  [`${S}/routes/designer.tsx`, `${F}/designers/routes/designer.tsx`],
  [`${S}/routes/designer-invite.tsx`, `${F}/designers/routes/designer-invite.tsx`],
  [`${S}/routes/admin-designer-management.tsx`, `${F}/designers/routes/admin-designer-management.tsx`],

  // files
  [`${S}/components/project/FilesPanel.tsx`, `${F}/files/components/FilesPanel.tsx`],
  [`${S}/lib/uploads.ts`, `${F}/files/api/uploads.ts`],

  // insights
  [`${S}/components/admin/insights/get-insights-query.ts`, `${F}/insights/api/get-insights-query.ts`],
  [`${S}/components/admin/insights/insights-api.ts`, `${F}/insights/api/insights-api.ts`],
  [`${S}/components/admin/insights`, `${F}/insights/components`],

  // notifications
  [`${S}/components/notifications/api`, `${F}/notifications/api`],
  [`${S}/components/notifications/use-project-param.ts`, `${F}/projects/api/use-project-param.ts`],
  [`${S}/components/notifications`, `${F}/notifications/components`],
  [`${S}/components/profile/NotificationSettings.tsx`, `${F}/notifications/components/NotificationSettings.tsx`],
  [
    `${S}/components/profile/api/get-notification-preferences.ts`,
    `${F}/notifications/api/get-notification-preferences.ts`,
  ],
  [`${S}/routes/unsubscribe.tsx`, `${F}/notifications/routes/unsubscribe.tsx`],
  [`${S}/routes/test-resend.tsx`, `${F}/notifications/routes/test-resend.tsx`],

  // projects (the submission wizard and the dashboards are the projects' screens)
  [`${S}/components/project/api`, `${F}/projects/api`],
  [`${S}/components/project/useProject.ts`, `${F}/projects/api/useProject.ts`],
  [`${S}/components/project/useProjects.ts`, `${F}/projects/api/useProjects.ts`],
  [`${S}/components/project`, `${F}/projects/components`],
  [`${S}/components/admin/AdminProjectCard.tsx`, `${F}/projects/components/AdminProjectCard.tsx`],
  [`${S}/components/admin/AdminProjectDialog.tsx`, `${F}/projects/components/AdminProjectDialog.tsx`],
  [`${S}/components/admin/ProjectsTab.tsx`, `${F}/projects/components/ProjectsTab.tsx`],
  [`${S}/components/admin/use-board.ts`, `${F}/projects/components/use-board.ts`],
  // The designer's dashboard and dialog, and the admin's Designer Review tab, show projects.
  [`${S}/components/designer`, `${F}/projects/components`],
  [`${S}/components/admin/DesignerReviewTab.tsx`, `${F}/projects/components/DesignerReviewTab.tsx`],
  [`${S}/components/admin/api/get-review-queue.ts`, `${F}/projects/api/get-review-queue.ts`],
  [`${S}/components/admin/api/get-board-column.ts`, `${F}/projects/api/get-board-column.ts`],
  [`${S}/components/admin/admin-api.ts`, `${F}/projects/api/admin-api.ts`],
  [`${S}/components/admin/api/keys.ts`, `${F}/users/api/admin-keys.ts`],
  [`${S}/lib/projects.ts`, `${F}/projects/api/projects.ts`],
  [`${S}/components/dashboard`, `${F}/projects/components/dashboard`],
  [`${S}/components/submit`, `${F}/projects/components/submit`],
  [`${S}/routes/dashboard.tsx`, `${F}/projects/routes/dashboard.tsx`],
  [`${S}/routes/board.tsx`, `${F}/projects/routes/board.tsx`],
  [`${S}/routes/submit.tsx`, `${F}/projects/routes/submit.tsx`],

  // reviews
  [`${S}/components/review/review-api.ts`, `${F}/reviews/api/review-api.ts`],
  [`${S}/components/review`, `${F}/reviews/components`],

  // teams
  [`${S}/components/team/api`, `${F}/teams/api`],
  [`${S}/components/team/team-api.ts`, `${F}/teams/api/team-api.ts`],
  [`${S}/components/team`, `${F}/teams/components`],
  [`${S}/routes/accept-invite.tsx`, `${F}/teams/routes/accept-invite.tsx`],
  [`${S}/routes/invite-signup.tsx`, `${F}/teams/routes/invite-signup.tsx`],

  // users (sign-in and its recovery, profile, account, the admin's user list)
  [`${S}/components/account`, `${F}/users/components`],
  [`${S}/components/auth`, `${F}/users/components`],
  [`${S}/components/profile/api`, `${F}/users/api`],
  [`${S}/components/profile`, `${F}/users/components`],
  [`${S}/components/admin/UserDetailsDialog.tsx`, `${F}/users/components/UserDetailsDialog.tsx`],
  [`${S}/components/admin/UsersTab.tsx`, `${F}/users/components/UsersTab.tsx`],
  [`${S}/components/admin/api/get-users.ts`, `${F}/users/api/get-users.ts`],
  [`${S}/components/admin/api/get-user-details.ts`, `${F}/users/api/get-user-details.ts`],
  [`${S}/lib/use-me.ts`, `${F}/users/api/use-me.ts`],
  [`${S}/lib/password-resets.ts`, `${F}/users/api/password-resets.ts`],
  [`${S}/routes/auth.tsx`, `${F}/users/routes/auth.tsx`],
  [`${S}/routes/auth-forgot-password.tsx`, `${F}/users/routes/auth-forgot-password.tsx`],
  [`${S}/routes/auth-reset-password.tsx`, `${F}/users/routes/auth-reset-password.tsx`],
  [`${S}/routes/team-login.tsx`, `${F}/users/routes/team-login.tsx`],
  [`${S}/routes/team-login-forgot-password.tsx`, `${F}/users/routes/team-login-forgot-password.tsx`],
  [`${S}/routes/team-login-reset-password.tsx`, `${F}/users/routes/team-login-reset-password.tsx`],
  [`${S}/routes/profile.tsx`, `${F}/users/routes/profile.tsx`],

  // Moved again after the first run (a file at its first new place goes to its final one).
  [`${F}/designers/components/DesignerDashboard.tsx`, `${F}/projects/components/DesignerDashboard.tsx`],
  [`${F}/designers/components/DesignerProjectDialog.tsx`, `${F}/projects/components/DesignerProjectDialog.tsx`],
  [`${F}/designers/components/DesignerReviewTab.tsx`, `${F}/projects/components/DesignerReviewTab.tsx`],
  [`${F}/designers/api/get-review-queue.ts`, `${F}/projects/api/get-review-queue.ts`],
  [`${F}/files/components/UploadButton.tsx`, `${S}/ui/UploadButton.tsx`],
  [`${S}/app/screens/admin.css`, `${S}/ui/admin.css`],
];

/** Where a path goes: the file entry, else the longest folder entry that contains it, else nowhere. */
export function target(path) {
  let best;
  for (const [from, to] of MOVES) {
    if (path === from) return to;
    if (path.startsWith(`${from}/`) && (!best || from.length > best[0].length)) best = [from, to];
  }
  return best ? best[1] + path.slice(best[0].length) : undefined;
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
const listed = (...args) =>
  git('ls-files', '--cached', '--others', '--exclude-standard', ...args)
    .split('\n')
    .filter((path) => path && existsSync(join(ROOT, path)));

// 1. Move.
const moved = new Map(); // old → new, this run
const conflicts = [];
for (const path of listed(`${S}/`)) {
  const to = target(path);
  if (!to || to === path) continue;
  if (existsSync(join(ROOT, to))) {
    conflicts.push(`${path} → ${to}`);
    continue;
  }
  moved.set(path, to);
}
for (const [from, to] of moved) {
  if (DRY) continue;
  mkdirSync(dirname(join(ROOT, to)), { recursive: true });
  const tracked = git('ls-files', '--', from).trim() !== '';
  if (tracked) git('mv', from, to);
  else {
    writeFileSync(join(ROOT, to), readFileSync(join(ROOT, from)));
    rmSync(join(ROOT, from));
  }
}

// 2. Rewrite imports.
const aliases = Object.entries(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports ?? {})
  .filter(([key, value]) => key.endsWith('/*') && typeof value === 'string' && value.endsWith('/*'))
  .map(([key, value]) => ({
    prefix: key.slice(0, -1),
    folder: posix.normalize(value.slice(0, -1)).replace(/\/$/, ''),
  }));

const isFile = (path) => existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isFile();
const CANDIDATES = (path) => {
  const base = path.replace(/\.(m?js|jsx)$/, '');
  return [
    path,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.d.ts`,
    `${path}.ts`,
    `${path}.tsx`,
    `${path}/index.ts`,
    `${path}/index.tsx`,
  ];
};
/** The repository path an import names, as seen from `fromDir` before the move; undefined when it is no file. */
function resolveImport(fromDir, specifier) {
  const named = posix.normalize(posix.join(fromDir, specifier));
  for (const candidate of CANDIDATES(named)) {
    const now = moved.get(candidate) ?? candidate;
    if (isFile(now)) return { file: now, named: candidate };
    const mapped = target(candidate);
    if (mapped && isFile(mapped)) return { file: mapped, named: candidate };
  }
  return undefined;
}
/** The specifier for `file` from `fromDir`, keeping the form of the original (its .js ending or none). */
function specifierFor(fromDir, file, original) {
  // Keep what the original wrote after the resolved file's stem: '.js' for '.ts', nothing for an index.
  const stemOf = (path) => path.replace(/(\/index)?\.(d\.ts|tsx?|m?jsx?)$/, '');
  const ending = original.endsWith('/') ? '' : original.slice(stemOf(original).length);
  const wanted = `${stemOf(file)}${ending}`;
  for (const { prefix, folder } of aliases) {
    if (wanted.startsWith(`${folder}/`) && !fromDir.startsWith(`${folder}/`) && fromDir.startsWith(`${S}`)) {
      return prefix + wanted.slice(folder.length + 1);
    }
  }
  let path = posix.relative(fromDir, wanted);
  if (!path.startsWith('.')) path = `./${path}`;
  return path;
}

const reverse = new Map([...moved].map(([from, to]) => [to, from]));
const SCANNED = /\.(tsx?|mts|cts|mjs|cjs|js)$/;
const sources = listed(S, 'tests', 'functions', 'bench', 'bin', 'infra', 'tools').filter(
  (path) => SCANNED.test(path) && !path.includes('node_modules/') && !path.startsWith('tools/spa-slices/'),
);
// A quoted relative path: in `from '…'`, `import('…')`, `import '…'`, `vi.mock('…')`, `new URL('…')`.
const QUOTED = /(['"])(\.\.?\/[^'"\n]*)\1/g;
let rewrittenFiles = 0;
let rewrittenImports = 0;
for (const file of sources) {
  const was = reverse.get(file) ?? file;
  const text = readFileSync(join(ROOT, DRY ? was : file), 'utf8');
  const oldDir = posix.dirname(was);
  const newDir = posix.dirname(file);
  let count = 0;
  const next = text.replace(QUOTED, (whole, quote, specifier) => {
    const found = resolveImport(oldDir, specifier);
    if (!found) return whole;
    const rewritten = specifierFor(newDir, found.file, specifier);
    if (rewritten === specifier) return whole;
    count++;
    return `${quote}${rewritten}${quote}`;
  });
  if (count) {
    rewrittenFiles++;
    rewrittenImports += count;
    if (!DRY) writeFileSync(join(ROOT, file), next);
  }
}

console.log(
  `${DRY ? 'would move' : 'moved'} ${moved.size} files; rewrote ${rewrittenImports} imports in ${rewrittenFiles} files`,
);
for (const line of conflicts) console.log(`skipped, both paths exist: ${line}`);
