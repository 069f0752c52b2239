/** A git remote as a repository name and web address, credentials dropped. */
export interface RemoteRepository {
  /** The path on its host without `.git` (`acme/web`, `group/sub/project`); a local remote's folder name. */
  readonly name: string;
  readonly url?: string;
  readonly platform?: 'github' | 'gitlab';
}

/**
 * Reads the forms git accepts: `https://[user[:token]@]host/path(.git)`, `ssh://git@host[:port]/path`,
 * `git@host:path` (scp-like), and local paths or `file://` URLs. A token in the remote never reaches
 * the result: only the host and path are kept.
 */
export function repositoryFromRemote(remote: string): RemoteRepository | undefined {
  const text = remote.trim();
  if (text === '') return undefined;
  const scpLike = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/.exec(text);
  if (scpLike !== null && !/^[A-Za-z]:[\\/]/.test(text)) return hosted(scpLike[1]!, scpLike[2]!);
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url !== undefined && url.protocol !== 'file:' && url.hostname !== '') return hosted(url.hostname, decodeURIComponent(url.pathname));
  const local = (url?.protocol === 'file:' ? decodeURIComponent(url.pathname) : text).replace(/[\\/]+$/, '');
  const name = stripGit(local.split(/[\\/]/).at(-1) ?? '');
  return name === '' ? undefined : { name };
}

function hosted(host: string, pathname: string): RemoteRepository | undefined {
  const name = stripGit(pathname.replace(/^\/+|\/+$/g, ''));
  if (name === '') return undefined;
  const platform = host === 'github.com' ? 'github' : host === 'gitlab.com' ? 'gitlab' : undefined;
  return { name, url: `https://${host}/${name}`, ...(platform === undefined ? {} : { platform }) };
}

function stripGit(name: string): string {
  return name.replace(/\.git$/, '');
}
