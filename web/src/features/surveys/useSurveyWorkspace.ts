import { useChosenWorkspace } from '../../api/chosen-workspace.ts';
import { useSession } from '../auth/index.ts';

/** The workspace whose surveys the screens show: the one chosen in the switcher, else the caller's personal one (its id is theirs). */
export function useSurveyWorkspace(): number | undefined {
  const chosen = useChosenWorkspace((state) => state.id);
  const me = useSession((state) => state.user?.id);
  return chosen ?? me;
}
