import type { StackNeeds } from '../assembly.js';
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { deployClientConfig, errorKind, type DeployClientOptions } from '../sdk.js';
import type { CheckResult } from '../outcome.js';

const CHECK = 'Custom domain certificate';
/** CloudFront takes viewer certificates from this region only, whatever the stack's. */
export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';

/** What ACM's DescribeCertificate says about a certificate (the fields the check reads). */
export interface CertificateDetail {
  Status?: string;
  DomainName?: string;
  SubjectAlternativeNames?: string[];
  NotAfter?: string | number;
}

export type CertificateAnswer =
  | { found: true; certificate: CertificateDetail }
  | { found: false }
  | { error: 'denied' | 'unavailable'; message: string };

export type CertificateReader = (arn: string) => Promise<CertificateAnswer>;

const normalize = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/**
 * Whether a certificate name covers `domain`, as TLS clients match it (RFC 6125 §6.4.3, what ACM
 * issues): a name covers itself; `*.example.com` covers exactly one label more (`app.example.com`),
 * neither `example.com` nor `a.b.example.com`; the wildcard is only ever the whole first label.
 */
export function covers(certificateName: string, domain: string): boolean {
  const pattern = normalize(certificateName);
  const host = normalize(domain);
  if (!pattern.startsWith('*.')) return pattern === host;
  const suffix = pattern.slice(1); // ".example.com"
  if (!host.endsWith(suffix)) return false;
  const label = host.slice(0, -suffix.length);
  return label.length > 0 && !label.includes('.') && !label.includes('*');
}

/** The region of an ACM certificate ARN (`arn:aws:acm:<region>:<account>:certificate/<id>`). */
export const regionOfCertificate = (arn: string): string | undefined =>
  /^arn:aws[a-z-]*:acm:([a-z0-9-]+):\d{12}:certificate\/.+$/.exec(arn)?.[1];

/** The verdict on one certificate for the names the distribution serves. */
export function assessCertificate(arn: string, domainNames: readonly string[], answer: CertificateAnswer): CheckResult {
  const request = domainNames.map(
    (name) =>
      `aws acm request-certificate --region ${CLOUDFRONT_CERTIFICATE_REGION} --domain-name ${name} ` +
      `--validation-method DNS`,
  );
  const region = regionOfCertificate(arn);
  if (region !== CLOUDFRONT_CERTIFICATE_REGION) {
    return {
      check: CHECK,
      outcome: 'missing',
      detail:
        `${arn} is ${region ? `in ${region}` : 'not an ACM certificate ARN'}: CloudFront takes certificates ` +
        `from ${CLOUDFRONT_CERTIFICATE_REGION} only.`,
      fix: [...request, 'then deploy with -c certificateArn=<the new ARN> (docs/deploy.md 6.1)'],
    };
  }
  if ('error' in answer) {
    return answer.error === 'denied'
      ? {
          check: CHECK,
          outcome: 'unchecked',
          detail: `could not check: your credentials may not call acm:DescribeCertificate (${answer.message}).`,
          fix: ['Allow the IAM action acm:DescribeCertificate to check it, or check it yourself.'],
        }
      : { check: CHECK, outcome: 'unchecked', detail: `could not check: ${answer.message}.` };
  }
  if (!answer.found) {
    return {
      check: CHECK,
      outcome: 'missing',
      detail: `no certificate ${arn} in ${CLOUDFRONT_CERTIFICATE_REGION} (deleted, or another account's).`,
      fix: [...request, 'then deploy with -c certificateArn=<the new ARN>'],
    };
  }
  const { certificate } = answer;
  const names = [
    ...new Set(
      [certificate.DomainName, ...(certificate.SubjectAlternativeNames ?? [])].filter((name): name is string =>
        Boolean(name),
      ),
    ),
  ];
  const uncovered = domainNames.filter((domain) => !names.some((name) => covers(name, domain)));
  if (uncovered.length > 0) {
    return {
      check: CHECK,
      outcome: 'missing',
      detail:
        `${arn} covers ${names.join(', ') || 'no name'}, not ${uncovered.join(', ')}: CloudFront would refuse ` +
        `the distribution's alias.`,
      fix: [
        ...request.filter((_, index) => uncovered.includes(domainNames[index]!)),
        'then deploy with -c certificateArn=<the new ARN>',
      ],
    };
  }
  if (certificate.Status !== 'ISSUED') {
    const pending = certificate.Status === 'PENDING_VALIDATION';
    return {
      check: CHECK,
      outcome: 'missing',
      detail:
        `${arn} is ${certificate.Status ?? 'of unknown status'}, not ISSUED: CloudFront accepts only an issued ` +
        `certificate.`,
      fix: pending
        ? [
            `aws acm describe-certificate --region ${CLOUDFRONT_CERTIFICATE_REGION} --certificate-arn ${arn} --query ` +
              `"Certificate.DomainValidationOptions[].ResourceRecord"`,
            'publish each CNAME it prints in the domain’s DNS, then wait:',
            `aws acm wait certificate-validated --region ${CLOUDFRONT_CERTIFICATE_REGION} --certificate-arn ${arn}`,
          ]
        : [...request, 'then deploy with -c certificateArn=<the new ARN> (this one cannot become ISSUED again)'],
    };
  }
  return {
    check: CHECK,
    outcome: 'ok',
    detail: `${arn} is ISSUED in ${CLOUDFRONT_CERTIFICATE_REGION} and covers ${domainNames.join(', ')}.`,
  };
}

/**
 * ACM's DescribeCertificate, always in us-east-1 (CloudFront's region, whatever the stack's), with the
 * operator's credentials and profile as the SDK resolves them.
 */
export const certificateReader =
  (options: DeployClientOptions = {}): CertificateReader =>
  async (arn) => {
    const acm = new ACMClient(deployClientConfig({ ...options, region: CLOUDFRONT_CERTIFICATE_REGION }));
    try {
      const { Certificate } = await acm.send(new DescribeCertificateCommand({ CertificateArn: arn }));
      const certificate: CertificateDetail = {
        Status: Certificate?.Status,
        DomainName: Certificate?.DomainName,
        SubjectAlternativeNames: Certificate?.SubjectAlternativeNames,
        NotAfter: Certificate?.NotAfter?.toISOString(),
      };
      return { found: true, certificate };
    } catch (error) {
      const kind = errorKind(error);
      if (kind === 'not-found') return { found: false };
      return { error: kind === 'denied' ? 'denied' : 'unavailable', message: (error as Error).message };
    } finally {
      acm.destroy();
    }
  };

/** The custom domain's certificate: ISSUED, in us-east-1, covering every alias. Nothing to check without a domain. */
export async function checkCertificate(
  needs: Pick<StackNeeds, 'certificate'>,
  read: CertificateReader = certificateReader(),
): Promise<CheckResult[]> {
  const certificate = needs.certificate;
  if (!certificate) return [];
  // A wrong region is known from the ARN alone: no need to ask.
  const answer =
    regionOfCertificate(certificate.arn) === CLOUDFRONT_CERTIFICATE_REGION
      ? await read(certificate.arn)
      : ({ found: false } as const);
  return [assessCertificate(certificate.arn, certificate.domainNames, answer)];
}
