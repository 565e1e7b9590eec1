import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  ORIGIN_HEADER,
  ORIGIN_SECRET_ENV,
  VIEWER_ADDRESS_HEADER,
  originCheck,
  viewerAddress,
  viewerAddressOf,
} from '../../functions/platform/http/origin-check.js';

/** Issue 34, attack 13: per-address allowances count the viewer, not CloudFront's edge. */
const EDGE = '130.176.0.10';
const event = (headers: Record<string, string>): APIGatewayProxyEventV2 =>
  ({ headers, requestContext: { http: { sourceIp: EDGE } } }) as unknown as APIGatewayProxyEventV2;
const checked = async (e: APIGatewayProxyEventV2) => {
  await originCheck({ [ORIGIN_SECRET_ENV]: 'the-secret' }).before!({ event: e } as never);
  return e;
};

describe('the viewer address', () => {
  it(
    'behind CloudFront (origin secret proven): ' + 'CloudFront-Viewer-Address, IPv4 or IPv6, without its port',
    async () => {
      expect(
        viewerAddress(
          await checked(event({ [ORIGIN_HEADER]: 'the-secret', [VIEWER_ADDRESS_HEADER]: '198.51.100.7:46532' })),
        ),
      ).toBe('198.51.100.7');
      expect(
        viewerAddress(
          await checked(event({ [ORIGIN_HEADER]: 'the-secret', [VIEWER_ADDRESS_HEADER]: '2001:db8::7:46532' })),
        ),
      ).toBe('2001:db8::7');
      // Two viewers behind one edge are two addresses.
      const other = await checked(
        event({ [ORIGIN_HEADER]: 'the-secret', [VIEWER_ADDRESS_HEADER]: '203.0.113.9:1000' }),
      );
      expect(viewerAddress(other)).toBe('203.0.113.9');
    },
  );

  it('never believed without the origin secret: the connecting address counts', async () => {
    expect(viewerAddress(event({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7:46532' }))).toBe(EDGE);
    await expect(
      checked(event({ [ORIGIN_HEADER]: 'a-guess', [VIEWER_ADDRESS_HEADER]: '198.51.100.7:46532' })),
    ).rejects.toThrow(/site’s address/);
    expect(
      viewerAddressOf({
        headers: { [VIEWER_ADDRESS_HEADER]: '198.51.100.7:1' },
        sourceIp: '127.0.0.1',
        throughEdge: false,
      }),
    ).toBe('127.0.0.1');
  });

  it('a malformed header falls back to the connecting address', async () => {
    for (const value of ['', 'not-an-address', '198.51.100.7', 'evil.test:80', '999.1.1.1:5']) {
      expect(
        viewerAddressOf({ headers: { [VIEWER_ADDRESS_HEADER]: value }, sourceIp: EDGE, throughEdge: true }),
        value,
      ).toBe(EDGE);
    }
  });
});
