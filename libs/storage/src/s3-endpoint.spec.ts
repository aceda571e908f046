import { parseS3Endpoint } from './s3-storage.js';
import { StorageConfigError } from './storage.errors.js';

describe('parseS3Endpoint', () => {
  it.each([
    ['minio', { endPoint: 'minio', port: undefined }],
    ['minio:9000', { endPoint: 'minio', port: 9000 }],
    ['http://minio:9000', { endPoint: 'minio', port: 9000, useSSL: false }],
    [
      'https://s3.eu-west-1.amazonaws.com',
      { endPoint: 's3.eu-west-1.amazonaws.com', port: undefined, useSSL: true },
    ],
    ['http://[::1]:9000/', { endPoint: '::1', port: 9000, useSSL: false }],
  ])('%s', (input, expected) => {
    expect(parseS3Endpoint(input)).toEqual(expected);
  });

  it.each(['', 'http://', 'ftp://minio', 'http://minio/bucket', 'minio:port', 'a b'])(
    'refuses %j',
    (input) => {
      expect(() => parseS3Endpoint(input)).toThrow(StorageConfigError);
    },
  );
});
