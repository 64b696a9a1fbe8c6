import { Link, type LinkProps } from 'react-router';
import { useLocalizedPath } from './locale-context';

/** A router link to an app path, kept in the current locale. */
export function LocaleLink(props: Omit<LinkProps, 'to'> & { to: string }) {
  const localize = useLocalizedPath();
  const { to, ...rest } = props;
  return <Link {...rest} to={localize(to)} />;
}
