import { useNavigate } from '@tanstack/react-router';

import type { Role } from '#schema/enums.ts';
import { Card } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { quickActionsFor } from './targets.ts';

export function QuickActions({ role }: { role: Role }) {
  const navigate = useNavigate();
  const actions = quickActionsFor(role);
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
