import { consumers, routeKey, routes } from '../routes.js';
import { EVENT_SOURCE } from '../../functions/platform/event-store/publisher.js';
import type { Finding, Rehearsal } from './rehearsal.js';

/**
 * The templates' wiring against infra/routes.ts, the table they were generated from: each HTTP route
 * (its key, its handler, public or behind the authorizer) and, for each event the journey published,
 * the consumers the table subscribes to its type against the functions the templates' rules delivered
 * it to. Each difference names the template's resource.
 */
export function auditWiring(rehearsal: Rehearsal): Finding[] {
  const findings: Finding[] = [];
  const handlerOf = (functionId: string) => rehearsal.functions.get(functionId)?.spec.handlerPath;
  const functionsOf = (handler: string) =>
    [...rehearsal.functions.values()].filter((c) => c.spec.handlerPath === handler).map((c) => c.spec.id);

  const templateRoutes = new Map(rehearsal.httpRoutes.map((route) => [route.routeKey, route]));
  for (const route of routes) {
    const key = routeKey(route);
    const wired = templateRoutes.get(key);
    if (!wired) {
      findings.push({
        kind: 'wiring',
        resource: key,
        message: 'infra/routes.ts has this route; no AWS::ApiGatewayV2::Route of the assembly does',
      });
      continue;
    }
    const handler = handlerOf(wired.functionId);
    if (handler !== route.handler)
      findings.push({
        kind: 'wiring',
        resource: wired.logicalId,
        message:
          `${key} reaches ${wired.functionId} (${handler ?? 'no handler tag'}); infra/routes.ts ` +
          `says ${route.handler}`,
      });
    if ((route.access === 'public') !== !wired.authorizer)
      findings.push({
        kind: 'wiring',
        resource: wired.logicalId,
        message:
          `${key} is ${wired.authorizer ? 'behind the authorizer' : 'public'}; infra/routes.ts ` +
          `says ${route.access}`,
      });
  }
  const known = new Set(routes.map(routeKey));
  for (const wired of rehearsal.httpRoutes)
    if (!known.has(wired.routeKey))
      findings.push({
        kind: 'wiring',
        resource: wired.logicalId,
        message: `${wired.routeKey} is not in infra/routes.ts`,
      });

  const reported = new Set<string>();
  for (const delivered of rehearsal.events) {
    if (delivered.entry.Source !== EVENT_SOURCE) continue;
    const type = delivered.entry.DetailType;
    const expected = new Set(
      consumers
        .filter((consumer) => consumer.eventTypes.includes(type))
        .flatMap((consumer) => functionsOf(consumer.handler)),
    );
    const actual = new Map<string, string>();
    for (const ruleId of delivered.matchedRules)
      for (const target of rehearsal.rules.find((rule) => rule.id === ruleId)?.targets ?? [])
        actual.set(target.functionId, ruleId);
    for (const functionId of expected) {
      if (actual.has(functionId) || reported.has(`missing|${type}|${functionId}`)) continue;
      reported.add(`missing|${type}|${functionId}`);
      const rules = rehearsal.rules
        .filter((rule) => rule.targets.some((target) => target.functionId === functionId))
        .map((rule) => rule.id);
      const why = rules.length
        ? 'the event pattern of this rule did not match it'
        : 'no rule delivers to this function';
      findings.push({
        kind: 'wiring',
        resource: rules.join(', ') || functionId,
        message: `${type} was published and infra/routes.ts subscribes ${handlerOf(functionId)} to it, but ${why}`,
      });
    }
    for (const [functionId, ruleId] of actual) {
      if (expected.has(functionId) || reported.has(`extra|${type}|${functionId}`)) continue;
      reported.add(`extra|${type}|${functionId}`);
      findings.push({
        kind: 'wiring',
        resource: ruleId,
        message:
          `delivered ${type} to ${handlerOf(functionId) ?? functionId}, which infra/routes.ts does not ` +
          `subscribe to it`,
      });
    }
  }
  return findings;
}
