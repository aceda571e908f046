import { describe, expect, it } from 'vitest';
import { actionsForStatus, speedDialActions } from './ticket-permissions.js';

describe('actionsForStatus', () => {
  it('follows the status', () => {
    expect(actionsForStatus('pending')).toEqual(['accept', 'transfer', 'ignore', 'return']);
    expect(actionsForStatus('open')).toContain('close');
    expect(actionsForStatus('group')).not.toContain('return');
    expect(actionsForStatus('closed')).toEqual(['reopen']);
  });
});

describe('speedDialActions', () => {
  it('offers close all only with tickets-manager:closeAll', () => {
    expect(speedDialActions({ profile: 'admin' })).toEqual(['newTicket', 'closeAll']);
    expect(speedDialActions({ profile: 'user' })).toEqual(['newTicket']);
  });
});
