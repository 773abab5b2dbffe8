import { Trans, useLingui } from '@lingui/react/macro';
import { type ClassFields, hasRole, type SchoolUser, type SwitchableRole } from '@wellbank/domain';
import { Trash2 } from 'lucide-react';
import { useRowFocus } from '@/components/show-more';
import { DataTable, tdClasses, thClasses } from '@/components/ui/data-table';
import { EmailText } from '@/components/ui/email-text';
import { Switch } from '@/components/ui/switch';
import { fullName } from '@/lib/platform/session';
import { ClassCell } from './class-cell';

const linkClasses =
  'block min-h-11 text-left text-sm font-semibold text-accent underline underline-offset-2';

interface UsersTableProps {
  users: SchoolUser[];
  currentUserId: number;
  /** The user whose switch is waiting for the server. */
  pendingUserId: number | undefined;
  onChangeRole: (userId: number, role: SwitchableRole) => void;
  /** Asks to remove someone (the page confirms first); never offered on the coordinator's row. */
  onRemove: (user: SchoolUser) => void;
  /** Asks to make a staff member a coordinator or take it back (the page confirms first). */
  onSetCoordinator: (user: SchoolUser, coordinator: boolean) => void;
  /** Asks to opt a student out of the stress check-in or back in (the page confirms first). */
  onSetStressOptOut: (user: SchoolUser, optedOut: boolean) => void;
  /** Names a staff member a counsellor, or no longer (decision 0073). */
  onSetCounsellor: (user: SchoolUser, isCounsellor: boolean) => void;
  /** Saves a person's grade and homeroom. */
  onSaveClass: (userId: number, fields: ClassFields) => void;
  /** Asks for an address for a student without one (the page's dialog, decision 0063). */
  onAddEmail: (user: SchoolUser) => void;
  savingClass: boolean;
  /** The row to focus: the first one "Show more" added, so reading goes on from there. */
  focusRow: number | undefined;
}

/**
 * SPEC.md §2: Name (with a Coordinator mark and, for staff, "Make coordinator" or "Remove as
 * coordinator": issue 35 §2), Email (with grade and homeroom under it, decision 0030), Team size and a Staff toggle, disabled on the coordinator's own row; and
 * a Remove button (decision 0022), which their own row does not have.
 */
export function UsersTable({
  users,
  currentUserId,
  pendingUserId,
  onChangeRole,
  onRemove,
  onSetCoordinator,
  onSetStressOptOut,
  onSetCounsellor,
  onSaveClass,
  onAddEmail,
  savingClass,
  focusRow,
}: UsersTableProps) {
  const { t } = useLingui();
  const focusProps = useRowFocus(focusRow);
  return (
    <DataTable>
      <caption className="sr-only">
        <Trans>Staff and students</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col" className={thClasses}>
            <Trans>Name</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <Trans>Email</Trans>
          </th>
          <th scope="col" className={`${thClasses} w-16`}>
            <Trans>Team size</Trans>
          </th>

          <th scope="col" className={thClasses}>
            <Trans>Staff</Trans>
          </th>
          <th scope="col" className={thClasses}>
            <span className="sr-only">
              <Trans>Remove</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user, index) => {
          const isStaff = hasRole(user, 'staff');
          const isSelf = user.id === currentUserId;
          const name = fullName(user);
          return (
            <tr key={user.id}>
              <th
                scope="row"
                {...focusProps(index)}
                className={`${tdClasses} font-semibold break-words`}
              >
                {name}
                {isSelf && (
                  <span className="block text-xs font-medium text-slate-600">
                    <Trans>(you)</Trans>
                  </span>
                )}
                {user.is_coordinator && (
                  <span className="mt-1 block w-fit rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                    <Trans>Coordinator</Trans>
                  </span>
                )}
                {isStaff && (
                  <button
                    type="button"
                    aria-label={
                      user.is_coordinator
                        ? t`Remove as coordinator: ${name}`
                        : t`Make coordinator: ${name}`
                    }
                    className="block min-h-11 text-left text-sm font-semibold text-accent underline underline-offset-2"
                    onClick={() => onSetCoordinator(user, !user.is_coordinator)}
                  >
                    {user.is_coordinator ? (
                      <Trans>Remove as coordinator</Trans>
                    ) : (
                      <Trans>Make coordinator</Trans>
                    )}
                  </button>
                )}
                {isStaff && (
                  <button
                    type="button"
                    aria-label={
                      user.is_counsellor
                        ? t`Remove as counsellor: ${name}`
                        : t`Make counsellor: ${name}`
                    }
                    className={linkClasses}
                    onClick={() => onSetCounsellor(user, !user.is_counsellor)}
                  >
                    {user.is_counsellor ? (
                      <Trans>Remove as counsellor</Trans>
                    ) : (
                      <Trans>Make counsellor</Trans>
                    )}
                  </button>
                )}
                {hasRole(user, 'student') && user.stress_opted_out && (
                  <span className="mt-1 block w-fit rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    <Trans>No stress check-in</Trans>
                  </span>
                )}
                {hasRole(user, 'student') && (
                  <button
                    type="button"
                    aria-label={
                      user.stress_opted_out
                        ? t`Stress check-in back on: ${name}`
                        : t`Opt out of stress check-in: ${name}`
                    }
                    className={linkClasses}
                    onClick={() => onSetStressOptOut(user, !user.stress_opted_out)}
                  >
                    {user.stress_opted_out ? (
                      <Trans>Stress check-in back on</Trans>
                    ) : (
                      <Trans>Opt out of stress check-in</Trans>
                    )}
                  </button>
                )}
              </th>
              <td className={`${tdClasses} text-slate-700`}>
                {user.email === null ? (
                  <span className="flex flex-wrap items-center gap-x-3">
                    <span className="italic">
                      <Trans>No e-mail address</Trans>
                    </span>
                    {hasRole(user, 'student') && (
                      <button
                        type="button"
                        aria-label={t`Add e-mail for ${name}`}
                        className="min-h-11 font-semibold whitespace-nowrap text-accent underline underline-offset-2"
                        onClick={() => onAddEmail(user)}
                      >
                        <Trans>Add e-mail</Trans>
                      </button>
                    )}
                  </span>
                ) : (
                  <EmailText email={user.email} />
                )}
                <ClassCell
                  user={user}
                  pending={savingClass}
                  onSave={(fields) => onSaveClass(user.id, fields)}
                />
              </td>
              <td className={`${tdClasses} text-center tabular-nums`}>{user.team_size}</td>

              <td className={tdClasses}>
                <Switch
                  checked={isStaff}
                  label={t`Staff: ${name}`}
                  disabled={isSelf || pendingUserId !== undefined}
                  aria-busy={pendingUserId === user.id || undefined}
                  onCheckedChange={(staff) => onChangeRole(user.id, staff ? 'staff' : 'student')}
                />
              </td>
              <td className={tdClasses}>
                {!isSelf && (
                  <button
                    type="button"
                    aria-label={t`Remove ${name}`}
                    className="grid size-11 place-items-center rounded-xl text-danger hover:bg-red-50"
                    onClick={() => onRemove(user)}
                  >
                    <Trash2 aria-hidden className="size-5" />
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
