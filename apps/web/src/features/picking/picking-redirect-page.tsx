import { Navigate } from 'react-router';
import { useLocalizedPath } from '../../shell';
import { PICKING_PATH } from './picking.machine';

/** `/picking/pickup` and `/picking/delivery` without a parameter: back to `/picking`. */
export default function PickingRedirectPage() {
  const localize = useLocalizedPath();
  return <Navigate to={localize(PICKING_PATH)} replace />;
}
