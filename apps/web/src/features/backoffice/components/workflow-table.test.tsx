import { caseCapabilities } from '@finportal/contracts/application/policies';
import { availableMoves, type WorkflowFacts } from '@finportal/contracts/application/workflow';
import { PERMISSION_MATRIX, type StaffRole } from '@finportal/contracts/backoffice-permissions';
import { RAW_STATUSES } from '@finportal/contracts/statuses';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { buildCase, buildStaffProfile } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { MoveStatusCard } from './move-status-card';

/**
 * Issue 24, the web's part of the workflow table (the API's part: apps/api backoffice
 * transitions.test.ts): for every status and staff role, the move card offers exactly the moves the
 * server sends (`transitions`, computed by the contracts' policy), the blocked ones shown but not to
 * be chosen, and nothing it would have to derive itself.
 */
const facts: WorkflowFacts = {
  pendingItems: 0,
  finalPricingSet: true,
  pricingWriterIds: ['a-colleague'],
  signaturesComplete: false,
};

describe('the move card renders the workflow the server sends', () => {
  for (const role of ['bouser', 'role_partner_user'] as StaffRole[]) {
    it(`for every status, as ${role}`, async () => {
      const label = (status: string) => i18n.t(`backoffice:statuses.${status}`);
      for (const status of RAW_STATUSES) {
        const permissions = PERMISSION_MATRIX[role];
        const transitions = availableMoves(status, { kind: 'staff', id: 'staff-1', permissions }, facts);
        const detail = buildCase({ status, transitions, capabilities: caseCapabilities(permissions, status) });
        const profile = buildStaffProfile({ permissions: [...permissions] });
        const { unmount } = await renderComponent(<MoveStatusCard detail={detail} profile={profile} />);
        if (transitions.length === 0) {
          expect(screen.queryByRole('combobox'), status).not.toBeInTheDocument();
        } else {
          const select = screen.getByRole('combobox', { name: /New status/ });
          const options = within(select).getAllByRole('option').slice(1) as HTMLOptionElement[];
          expect(
            options.map((o) => [o.value, o.disabled]),
            status,
          ).toEqual(transitions.map((m) => [m.to, m.blocked_by !== null]));
          for (const [i, m] of transitions.entries()) {
            expect(options[i]!.textContent, status).toContain(label(m.to));
          }
        }
        unmount();
      }
    });
  }
});
