import { describe, expect, it } from 'vitest';
import { canonicalQuery, EMPTY_PAYLOAD_HASH, sha256Hex, signRequest } from './sigv4';

// The examples of "Signature Calculations for the Authorization Header: Transferring
// Payload in a Single Chunk (AWS Signature Version 4)" in the Amazon S3 API reference.
const S3_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};
const MAY_24_2013 = new Date('2013-05-24T00:00:00Z');
const BUCKET = 'https://examplebucket.s3.amazonaws.com';

describe('SigV4 signer, AWS published examples', () => {
  it('GET Object with a Range header', () => {
    const signed = signRequest(
      { method: 'GET', url: new URL(`${BUCKET}/test.txt`), headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_PAYLOAD_HASH },
      S3_EXAMPLE,
      MAY_24_2013,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      ].join('\n'),
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(signed.headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('PUT Object with a payload, a Date header and a key that needs escaping', () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest(
      {
        method: 'PUT',
        url: new URL(`${BUCKET}/test$file.text`),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(body),
      },
      S3_EXAMPLE,
      MAY_24_2013,
    );
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.headers.authorization).toContain('SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('GET Bucket Lifecycle: a query parameter without a value', () => {
    const url = new URL(`${BUCKET}/?lifecycle`);
    expect(canonicalQuery(url)).toBe('lifecycle=');
    expect(signRequest({ method: 'GET', url, payloadHash: EMPTY_PAYLOAD_HASH }, S3_EXAMPLE, MAY_24_2013).signature).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
  });

  it('GET Bucket (List Objects): query parameters sorted by name', () => {
    for (const query of ['max-keys=2&prefix=J', 'prefix=J&max-keys=2']) {
      const signed = signRequest({ method: 'GET', url: new URL(`${BUCKET}/?${query}`), payloadHash: EMPTY_PAYLOAD_HASH }, S3_EXAMPLE, MAY_24_2013);
      expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
    }
  });

  it('get-vanilla of the AWS SigV4 test suite (another service, no payload header)', () => {
    const signed = signRequest(
      { method: 'GET', url: new URL('https://example.amazonaws.com/'), payloadHash: EMPTY_PAYLOAD_HASH },
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'service' },
      new Date('2015-08-30T12:36:00Z'),
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('changes the signature when anything signed changes', () => {
    const base = { method: 'GET', url: new URL(`${BUCKET}/test.txt`), payloadHash: EMPTY_PAYLOAD_HASH };
    const sig = signRequest(base, S3_EXAMPLE, MAY_24_2013).signature;
    expect(signRequest({ ...base, url: new URL(`${BUCKET}/test.tx`) }, S3_EXAMPLE, MAY_24_2013).signature).not.toBe(sig);
    expect(signRequest(base, { ...S3_EXAMPLE, region: 'eu-west-1' }, MAY_24_2013).signature).not.toBe(sig);
    expect(signRequest(base, S3_EXAMPLE, new Date('2013-05-24T00:00:01Z')).signature).not.toBe(sig);
  });
});
