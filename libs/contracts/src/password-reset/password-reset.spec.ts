import { PasswordUpdateInput, ResetRequestInput, ResetVerifyInput } from './password-reset.js';

describe('password reset inputs', () => {
  it('keeps the digits of the number', () => {
    expect(ResetRequestInput.parse({ wpp: '+55 (11) 91234-5678' })).toEqual({
      wpp: '5511912345678',
    });
    expect(ResetRequestInput.safeParse({ wpp: '1234' }).success).toBe(false);
  });

  it('takes a request id and exactly 6 digits', () => {
    const requestId = '3f1c6a2e-8d7b-4c1e-9a55-0b6f2d4e7a10';
    expect(ResetVerifyInput.safeParse({ requestId, code: '012345' }).success).toBe(true);
    expect(ResetVerifyInput.safeParse({ requestId, code: '12345' }).success).toBe(false);
    expect(ResetVerifyInput.safeParse({ requestId: '7', code: '123456' }).success).toBe(false);
  });

  it('takes a new password of 5 to 50 characters', () => {
    const resetToken = 'x'.repeat(43);
    expect(PasswordUpdateInput.safeParse({ resetToken, newPassword: '12345' }).success).toBe(true);
    expect(PasswordUpdateInput.safeParse({ resetToken, newPassword: '1234' }).success).toBe(false);
    expect(PasswordUpdateInput.safeParse({ resetToken, newPassword: 'x'.repeat(51) }).success).toBe(
      false,
    );
  });
});
