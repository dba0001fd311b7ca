import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditEntry } from '../fixtures';
import { AuditSection } from './AuditSection';
import { changeLines } from './audit-store';

const server = apiServerForFile();
beforeEach(() => {
  signInAs('am', { can: { createProject: false, ops: true, takeProjects: true, closeAccount: false } });
});

describe('changeLines', () => {
  it('names the keys that changed, the fields of a new thing, or both values', () => {
    expect(changeLines({ status: 'active', uses: 1 }, { status: 'revoked', uses: 1 })).toEqual(['status: "active" → "revoked"']);
    expect(changeLines(null, { role: 'pm' })).toEqual(['role: "pm"']);
    expect(changeLines(null, null)).toEqual([]);
    expect(changeLines(3, 4)).toEqual(['3 → 4']);
  });
});

describe('AuditSection', () => {
  it('lists entries with what changed, searches, and says when nothing matches', async () => {
    server.routes = {
      'GET /ops/audit': { data: { list: [auditEntry(2), auditEntry(1, { operator: null })], hasMore: false } },
      'GET /ops/audit?q=nobody': { data: { list: [], hasMore: false } },
    };
    await renderInApp(<AuditSection />, { language: 'en' });
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows[0]).toHaveTextContent('Olha Ops');
    expect(rows[0]).toHaveTextContent('status: "active" → "revoked"');
    expect(rows[1]).toHaveTextContent('System');
    await userEvent.type(screen.getByTestId('audit-search'), 'nobody');
    await waitFor(() => expect(screen.getByTestId('audit-empty')).toHaveTextContent('No entries'));
  });
});
