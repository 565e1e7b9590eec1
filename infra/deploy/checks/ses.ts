import { GetAccountCommand, GetEmailIdentityCommand, type GetEmailIdentityCommandOutput } from '@aws-sdk/client-sesv2';
import { guarded, isNamed, type CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';

/** Reserved example domains (RFC 2606): nobody can verify them, so nothing sent from them arrives. */
const EXAMPLE_DOMAIN = /@(?:[^@]+\.)?example\.(?:com|org|net)$/i;
const SENDER = 'SES sender';
const ACCESS = 'SES production access';

type Identity = GetEmailIdentityCommandOutput | undefined;

export function checkMail(context: CheckContext): Promise<CheckResult[]> {
  const { needs } = context;
  if (needs.senders.length === 0) {
    return Promise.resolve([
      {
        check: SENDER,
        outcome: 'missing',
        detail: 'the stack names no sender, so no e-mail (invitations, password resets, notifications) can be sent.',
        fix: ['Deploy with -c senderEmail=<an address SES has verified, or one of a verified domain>.'],
      },
    ]);
  }
  return Promise.all([
    productionAccess(context),
    ...needs.senders.map((sender) => senderIdentity(context, sender)),
    cognitoIdentity(context),
  ]).then((groups) => groups.flat());
}

function productionAccess({ clients, region }: CheckContext): Promise<CheckResult[]> {
  const setUpPage = `https://${region}.console.aws.amazon.com/ses/home?region=${region}#/get-set-up`;
  const console = `${setUpPage} → Request production access`;
  return guarded(ACCESS, 'ses:GetAccount', async () => {
    const account = await clients.ses.send(new GetAccountCommand({}));
    const results: CheckResult[] = [];
    if (!account.ProductionAccessEnabled) {
      const review = account.Details?.ReviewDetails;
      const state = review?.Status
        ? ` The request is ${review.Status.toLowerCase()}${review.CaseId ? ` (support case ${review.CaseId})` : ''}.`
        : ' No request was made.';
      results.push({
        check: ACCESS,
        outcome: 'missing',
        detail:
          `${region} is in the SES sandbox: mail reaches only verified addresses, and the functions' sending ` +
          `policy refuses even those.${state}`,
        fix: [
          review?.Status === 'PENDING'
            ? 'Wait for the answer to the request (usually within a day), or deploy with --skip-checks meanwhile.'
            : console,
          ...(review?.Status === 'PENDING'
            ? []
            : [
                `or: aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL ` +
                  `--website-url https://<your site> --use-case-description "<what you send, to whom, how bounces ` +
                  `are handled>" --contact-language EN --region ${region}`,
              ]),
        ],
      });
    }
    if (account.SendingEnabled === false) {
      results.push({
        check: 'SES sending',
        outcome: 'missing',
        detail: `sending is paused for the account in ${region}.`,
        fix: [`aws sesv2 put-account-sending-attributes --sending-enabled --region ${region}`],
      });
    }
    if (account.EnforcementStatus === 'SHUTDOWN') {
      results.push({
        check: 'SES sending',
        outcome: 'missing',
        detail: `SES shut down sending for the account in ${region} (enforcement status SHUTDOWN).`,
        fix: [
          `https://${region}.console.aws.amazon.com/ses/home?region=${region}#/reputation → contact AWS about the ` +
            `review`,
        ],
      });
    }
    if (results.length === 0) {
      const quota = account.SendQuota?.Max24HourSend;
      const limits = quota ? ` (${quota} messages a day, ${account.SendQuota?.MaxSendRate ?? '?'} a second)` : '';
      results.push({
        check: ACCESS,
        outcome: 'ok',
        detail: `granted in ${region}${limits}.`,
      });
    }
    return results;
  });
}

async function identity({ clients }: CheckContext, name: string): Promise<Identity> {
  try {
    return await clients.ses.send(new GetEmailIdentityCommand({ EmailIdentity: name }));
  } catch (error) {
    if (isNamed(error, 'NotFoundException')) return undefined;
    throw error;
  }
}

const dkimRecords = (domain: string, found: Identity) =>
  (found?.DkimAttributes?.Tokens ?? []).map(
    (token) => `  ${token}._domainkey.${domain}  CNAME  ${token}.dkim.amazonses.com`,
  );

function senderIdentity(context: CheckContext, sender: string): Promise<CheckResult[]> {
  const { region } = context;
  const domain = sender.split('@')[1]!;
  return guarded(SENDER, 'ses:GetEmailIdentity', async () => {
    if (EXAMPLE_DOMAIN.test(sender)) {
      return {
        check: SENDER,
        outcome: 'missing',
        detail:
          `${sender} is a placeholder of a reserved example domain: nobody can verify it, so every mail would ` +
          `fail.`,
        fix: ['Deploy with -c senderEmail=<an address of a domain you own, verified in SES>.'],
      };
    }
    const [address, owner] = await Promise.all([identity(context, sender), identity(context, domain)]);
    if (owner?.VerifiedForSendingStatus) {
      const dkim = owner.DkimAttributes?.Status;
      return {
        check: SENDER,
        outcome: 'ok',
        detail: `${sender}, through the verified domain ${domain}${dkim ? ` (DKIM ${dkim})` : ''}.`,
      };
    }
    if (address?.VerifiedForSendingStatus)
      return { check: SENDER, outcome: 'ok', detail: `${sender} is a verified address in ${region}.` };

    const found: string[] = [];
    const fix: string[] = [];
    if (owner) {
      found.push(`the domain ${domain} is ${(owner.VerificationStatus ?? 'not verified').toLowerCase()}`);
      const records = dkimRecords(domain, owner);
      if (records.length)
        fix.push(
          `Publish these DNS records for ${domain} (SES verifies the domain by its DKIM records, usually within an ` +
            `hour):`,
          ...records,
        );
    }
    if (address) {
      found.push(`the address ${sender} is ${(address.VerificationStatus ?? 'not verified').toLowerCase()}`);
      if (!owner)
        fix.push(
          `Open the link SES mailed to ${sender} (resend: aws sesv2 delete-email-identity --email-identity ${sender} ` +
            `--region ${region}, then create it again).`,
        );
    }
    if (!owner && !address) {
      found.push(`neither ${sender} nor ${domain} is an SES identity in ${region}`);
      fix.push(
        `A domain (recommended: any address of it may send, with DKIM): aws sesv2 create-email-identity ` +
          `--email-identity ${domain} --region ${region}`,
        `  then publish the three CNAME records it prints (aws sesv2 get-email-identity --email-identity ${domain} ` +
          `--region ${region} --query DkimAttributes.Tokens)`,
        `Or only the address: aws sesv2 create-email-identity --email-identity ${sender} --region ${region}, then ` +
          `open the link SES mails to it.`,
      );
    }
    return {
      check: SENDER,
      outcome: 'missing',
      detail: `${found.join('; ')}: mail from ${sender} would be refused.`,
      fix,
    };
  });
}

/** Cognito sends through the one identity its pool names: an address identity needs its own verification. */
function cognitoIdentity(context: CheckContext): Promise<CheckResult[]> {
  const name = context.needs.cognitoSesIdentity;
  if (!name) return Promise.resolve([]);
  const check = 'Cognito mail through SES';
  return guarded(check, 'ses:GetEmailIdentity', async () => {
    const found = await identity(context, name);
    if (found?.VerifiedForSendingStatus)
      return { check, outcome: 'ok', detail: `the user pool sends through the verified identity ${name}.` };
    const status = found
      ? (found.VerificationStatus ?? 'not verified').toLowerCase()
      : 'not an identity in this region';
    const nextStep = name.includes('@')
      ? `, then open the link SES mails to ${name}`
      : ', then publish its DKIM records';
    return {
      check,
      outcome: 'missing',
      detail:
        `the user pool sends through the SES identity ${name}, which is ${status}; ` +
        `Cognito refuses the pool update until it is ` +
        `verified${name.includes('@') ? ' (a verified domain does not count here)' : ''}.`,
      fix: [
        found
          ? `Finish the verification of ${name} in SES.`
          : `aws sesv2 create-email-identity --email-identity ${name} --region ${context.region}${nextStep}`,
        'or deploy with -c cognitoEmailViaSes=false (Cognito then sends its own mails, 50 a day).',
      ],
    };
  });
}
