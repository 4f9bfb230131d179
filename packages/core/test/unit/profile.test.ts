import { profileFor, SUPPORTED_PROTOCOL_VERSIONS } from '@toolwire/core';

describe('protocol profiles', () => {
  it('gives each supported version a frozen profile of what it has', () => {
    for (const v of SUPPORTED_PROTOCOL_VERSIONS) expect(Object.isFrozen(profileFor(v))).toBe(true);
    expect(profileFor('2024-11-05')).toMatchObject({ era: 'legacy', batches: true, audio: false, annotations: false, titles: false });
    expect(profileFor('2025-03-26')).toMatchObject({ batches: true, audio: true, annotations: true, titles: false, validationIsToolError: false });
    expect(profileFor('2025-06-18')).toMatchObject({ batches: false, titles: true, resourceLinks: true, structuredOutput: true, toolMeta: true, icons: false });
    expect(profileFor('2025-11-25')).toMatchObject({ validationIsToolError: true, icons: true, resultFields: false });
    expect(profileFor('2026-07-28')).toMatchObject({ era: 'modern', resultFields: true });
  });

  it('derives an added date from the newest revision of its era before it, and refuses non-versions', () => {
    expect(profileFor('2025-07-01')).toMatchObject({ version: '2025-07-01', titles: true, validationIsToolError: false, era: 'legacy' });
    expect(profileFor('2025-07-01')).toBe(profileFor('2025-07-01'));
    expect(() => profileFor('2020-01-01')).toThrow(RangeError);
    expect(() => profileFor('next')).toThrow(RangeError);
  });
});
