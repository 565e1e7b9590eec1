import { describe, expect, it } from 'vitest';
import {
  assessCertificate,
  checkCertificate,
  covers,
  regionOfCertificate,
  type CertificateAnswer,
} from '../../infra/deploy/checks/certificate.js';

const ARN = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100';
const issued = (names: string[], status = 'ISSUED'): CertificateAnswer => ({
  found: true,
  certificate: { Status: status, DomainName: names[0], SubjectAlternativeNames: names },
});

describe('a certificate name covers a domain as TLS matches it', () => {
  it.each([
    ['app.example.com', 'app.example.com', true],
    ['APP.Example.com.', 'app.example.com', true],
    ['*.example.com', 'app.example.com', true],
    ['*.example.com', 'example.com', false],
    ['*.example.com', 'a.b.example.com', false],
    ['*.example.com', 'app.example.org', false],
    ['*.example.com', 'appexample.com', false],
    ['example.com', 'app.example.com', false],
    ['*.app.example.com', 'app.example.com', false],
  ])('%s covers %s: %s', (name, domain, expected) => {
    expect(covers(name, domain)).toBe(expected);
  });
});

describe('the custom domain certificate check', () => {
  it('is ok for an ISSUED us-east-1 certificate whose wildcard SAN covers the domain', () => {
    const result = assessCertificate(
      ARN,
      ['app.designclub.studio'],
      issued(['designclub.studio', '*.designclub.studio']),
    );
    expect(result).toMatchObject({ outcome: 'ok' });
    expect(result.detail).toContain('ISSUED in us-east-1');
  });

  it('refuses a certificate of another region without asking ACM, and says to request one in us-east-1', async () => {
    const other = ARN.replace('us-east-1', 'eu-west-1');
    let asked = false;
    const [result] = await checkCertificate(
      { certificate: { arn: other, domainNames: ['app.designclub.studio'] } },
      async () => {
        asked = true;
        return issued(['app.designclub.studio']);
      },
    );
    expect(asked).toBe(false);
    expect(result).toMatchObject({ outcome: 'missing' });
    expect(result!.detail).toContain('in eu-west-1');
    expect(result!.fix!.join('\n')).toContain(
      'aws acm request-certificate --region us-east-1 --domain-name app.designclub.studio',
    );
  });

  it('stops on a certificate still PENDING_VALIDATION, with the DNS records to publish', () => {
    const result = assessCertificate(
      ARN,
      ['app.designclub.studio'],
      issued(['app.designclub.studio'], 'PENDING_VALIDATION'),
    );
    expect(result.outcome).toBe('missing');
    expect(result.detail).toContain('PENDING_VALIDATION, not ISSUED');
    expect(result.fix!.join('\n')).toContain('DomainValidationOptions[].ResourceRecord');
  });

  it('stops on an EXPIRED certificate with a new request', () => {
    const result = assessCertificate(ARN, ['app.designclub.studio'], issued(['app.designclub.studio'], 'EXPIRED'));
    expect(result.outcome).toBe('missing');
    expect(result.fix!.join('\n')).toContain('request-certificate');
  });

  it('stops when the names do not cover the domain (a wildcard one level up is not enough)', () => {
    const result = assessCertificate(ARN, ['app.eu.designclub.studio'], issued(['*.designclub.studio']));
    expect(result.outcome).toBe('missing');
    expect(result.detail).toContain('not app.eu.designclub.studio');
  });

  it('says missing for an ARN ACM does not know, and could-not-check when denied', () => {
    expect(assessCertificate(ARN, ['a.example.com'], { found: false }).outcome).toBe('missing');
    const denied = assessCertificate(ARN, ['a.example.com'], { error: 'denied', message: 'AccessDeniedException' });
    expect(denied.outcome).toBe('unchecked');
    expect(denied.detail).toContain('acm:DescribeCertificate');
  });

  it('checks nothing without a custom domain', async () => {
    expect(await checkCertificate({})).toEqual([]);
  });

  it('reads the region from the ARN', () => {
    expect(regionOfCertificate(ARN)).toBe('us-east-1');
    expect(regionOfCertificate('not-an-arn')).toBeUndefined();
  });
});
