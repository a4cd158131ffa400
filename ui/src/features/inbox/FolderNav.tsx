import { VisuallyHidden } from '@mantine/core';
import { Link } from '@/lib/router';
import type { FormKind } from '@/generated/FormKind';
import type { InboxFolder } from '@/generated/InboxFolder';
import { countText } from './format';
import type { InboxParams } from './use-inbox-params';
import classes from './Inbox.module.css';

export interface FolderNavProps {
  folders: InboxFolder[];
  current: FormKind;
  href: (patch: Partial<InboxParams>) => string;
}

/** The four folders with the server's labels and their unhandled counts. */
export function FolderNav({ folders, current, href }: FolderNavProps) {
  return (
    <nav aria-label="Pastas" data-testid="inbox-folders">
      <ul className={classes.folders}>
        {folders.map((folder) => {
          const active = folder.kind === current;
          return (
            <li key={folder.kind}>
              <Link
                to={{ search: href({ kind: folder.kind, page: 1, itemId: null }) }}
                className={classes.folder}
                aria-current={active ? 'page' : undefined}
                data-testid={`inbox-folder-${folder.kind}`}
              >
                <span className={classes.folderLabel}>{folder.label}</span>
                <span
                  className={classes.count}
                  data-zero={folder.unhandled === 0 || undefined}
                  aria-hidden
                >
                  {folder.unhandled}
                </span>
                <VisuallyHidden>{`, ${countText(folder)}`}</VisuallyHidden>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
