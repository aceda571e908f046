import { SignupInput } from './signup-inputs.js';

const valid = {
  name: 'Ana',
  companyName: 'Acme',
  email: ' Ana@Acme.TEST ',
  password: 'secret',
  phone: '+55 (11) 98888-0000',
  planId: '4',
};

describe('SignupInput', () => {
  it('accepts the form, lower-cases the email and drops companyId and profile', () => {
    const parsed = SignupInput.parse({ ...valid, companyId: 1, profile: 'super' });
    expect(parsed).toEqual({ ...valid, email: 'ana@acme.test', planId: 4 });
  });

  it('names every rule of spec 1 §5', () => {
    const result = SignupInput.safeParse({ name: 'A', companyName: 'x'.repeat(51), password: 'x' });
    const fields = new Set(result.error?.issues.map((issue) => issue.path[0]));
    expect([...fields].sort()).toEqual(
      ['companyName', 'email', 'name', 'password', 'phone', 'planId'].sort(),
    );
  });
});
