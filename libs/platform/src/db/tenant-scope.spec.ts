import { tenantScopeSql } from './tenant-scope.js';

describe('tenantScopeSql', () => {
  it('sets the tenant role and the company in one simple query', () => {
    expect(tenantScopeSql(7)).toBe(
      "SET LOCAL ROLE sb_tenant; SELECT set_config('app.company_id', '7', true)",
    );
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, '7; DROP TABLE x' as never])(
    'refuses %p: only a positive integer is inlined',
    (companyId) => {
      expect(() => tenantScopeSql(companyId)).toThrow(
        expect.objectContaining({ code: 'ERR_NO_PERMISSION' }),
      );
    },
  );
});
