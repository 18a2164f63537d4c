import { useNavigate } from '@tanstack/react-router';
import type { Role } from '../../../schema/enums.ts';
import { can, type Action } from '../../../schema/permissions.ts';
import { Card } from '../../lib/ui/display.tsx';
import { buttonClass } from '../../lib/ui/styles.ts';
import { TARGETS, type Target } from './targets.ts';

/** `needs` hides an action whose screen would refuse the user anyway. */
const QUICK_ACTIONS: readonly { label: string; target: Target; needs?: Action }[] = [
  { label: 'Add New Student', target: TARGETS.addStudent, needs: 'students.create' },
  { label: 'Schedule Evaluation', target: TARGETS.scheduleEvaluation, needs: 'progress.record' },
  { label: 'Upload Document', target: TARGETS.uploadDocument, needs: 'documents.upload' },
  { label: 'Generate Report', target: TARGETS.generateReport },
];

export function QuickActions({ role }: { role: Role }) {
  const navigate = useNavigate();
  const actions = QUICK_ACTIONS.filter((a) => !a.needs || can(role, a.needs));
  return (
    <Card>
      <h3 className="text-lg font-semibold text-slate-900">Quick Actions</h3>
      <div className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-1">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className={buttonClass('secondary', 'justify-start text-left')}
            onClick={() => void navigate(a.target)}
          >
            {a.label}
          </button>
        ))}
      </div>
    </Card>
  );
}
