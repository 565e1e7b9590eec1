/**
 * GET /api/projects for a team with 1,000 projects, on the embedded stack (dynalite in memory,
 * handlers in process, HTTP through the local API with JWT checks): the board's and the dashboard's
 * one call. The projects are submitted through POST /api/projects by two members of one team, so the
 * member's list reads both partitions (own + team, a real team made through the team routes) and
 * merges them. Prints a table; asserts nothing.
 */
import { minimalProject, TestStack, type TestUser } from '../tests/support/stack.js';
import { printTable, timed } from './support.js';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONCURRENCY = 8;

async function inParallel(count: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** A real team: the lead creates it, invites the member, the member accepts with the e-mailed token. */
async function makeTeam(stack: TestStack, lead: TestUser, member: TestUser) {
  const team = await stack.api('POST', '/api/team', { user: lead, body: { name: 'Bench Team' } });
  if (team.status >= 300) throw new Error(`POST /api/team answered ${team.status}: ${JSON.stringify(team.body)}`);
  await stack.api('POST', '/api/team/invites', { user: lead, body: { email: member.email, role: 'designer' } });
  const [mail] = await stack.local.outbox.list(member.email);
  const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]!);
  const accepted = await stack.api('POST', `/api/invites/${encodeURIComponent(token)}/accept`, { user: member });
  if (accepted.status >= 300) throw new Error(`accept answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  await stack.settle();
}

export async function benchProjectsList() {
  const stack = await TestStack.start();
  try {
    const lead = await stack.signUpClient({ name: 'Bench Lead' });
    const member = await stack.signUpClient({ name: 'Bench Member' });
    await makeTeam(stack, lead, member);

    const submitted = await timed(() =>
      inParallel(PROJECTS, async (i) => {
        const answer = await stack.api('POST', '/api/projects', {
          user: i % 10 === 0 ? member : lead,
          body: minimalProject({ title: `Bench project ${i + 1}` }),
        });
        if (answer.status !== 201)
          throw new Error(`POST /api/projects answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }),
    );
    await stack.settle();

    const rows: Record<string, unknown>[] = [];
    const measure = async (label: string, user: TestUser) => {
      const times: number[] = [];
      let count = 0;
      let bytes = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const { value, ms } = await timed(() => stack.api('GET', '/api/projects', { user }));
        if (value.status !== 200) throw new Error(`GET /api/projects answered ${value.status}`);
        count = value.body.projects.length;
        bytes = JSON.stringify(value.body).length;
        times.push(ms);
      }
      const sorted = [...times].sort((a, b) => a - b);
      rows.push({
        caller: label,
        projects: count,
        'response KB': Math.round(bytes / 1024),
        'first ms (cold)': times[0],
        'median ms': sorted[Math.floor(sorted.length / 2)],
        'best ms': sorted[0],
      });
    };
    await measure('team member (own + team)', member);
    await measure('team admin (own + team)', lead);
    await measure('admin (all, with clients)', await stack.admin());

    printTable(
      `GET /api/projects with ${PROJECTS} team projects (submitted in ${(submitted.ms / 1000).toFixed(1)} ` +
        `s, ${CONCURRENCY} at a time)`,
      rows,
    );
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchProjectsList();
}
