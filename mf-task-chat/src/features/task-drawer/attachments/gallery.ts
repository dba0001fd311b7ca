/**
 * The lightbox for a task's images and videos (spec 2, 5): lightGallery with zoom, thumbnails and
 * video, and the constants of spec 9. This module is loaded on the first open, so the drawer does not
 * carry it, and it holds the library, its plugins and styles whole: one chunk, one request.
 * Double tap (300 ms), double click (500 ms) and the keyboard step (50 px) are the library's own
 * timings, which match the spec's.
 */
import { escapeHtml, opensInGallery, type TaskFile } from '@negayno/shared/contract';
import lightGallery from 'lightgallery';
import type { GalleryItem } from 'lightgallery/lg-utils';
import lgThumbnail from 'lightgallery/plugins/thumbnail';
import lgVideo from 'lightgallery/plugins/video';
import lgZoom from 'lightgallery/plugins/zoom';
import 'lightgallery/css/lightgallery.css';
import 'lightgallery/css/lg-zoom.css';
import 'lightgallery/css/lg-thumbnail.css';
import 'lightgallery/css/lg-video.css';

export const GALLERY_SETTINGS = {
  /** Spec 9: zoom multiplier 2, no zoom past the picture's own pixels (max pixel ratio 1). */
  scale: 2,
  actualSize: true,
  infiniteZoom: false,
  /** Spec 9: thumbnails 120×80 at the bottom. */
  thumbWidth: 120,
  thumbHeight: '80px',
  thumbMargin: 4,
  alignThumbnails: 'middle',
  appendThumbnailsTo: '.lg-outer',
  toggleThumb: false,
  /** Escape closes it (spec 2); the drawer behind it stays open. */
  escKey: true,
  download: true,
  counter: true,
  getCaptionFromTitleOrAlt: false,
  mobileSettings: { controls: true, showCloseIcon: true, download: true },
} as const;

/** What a slide needs: a task's file or a chat message's file. */
export type GalleryFile = Pick<TaskFile, 'id' | 'name' | 'kind' | 'url' | 'thumb'>;

interface GalleryInstance {
  openGallery(index?: number): void;
  closeGallery(): void;
  destroy(): void;
}

/** The files that open in the gallery, in the order of the grid. */
export function galleryFilesOf<F extends GalleryFile>(files: F[]): F[] {
  return files.filter((file) => opensInGallery(file.name));
}

/** The caption under a slide: the file's name (issue 33), escaped; the library writes it as HTML. */
function captionOf(file: GalleryFile): string {
  return `<p class="lg-file-name" data-testid="gallery-name">${escapeHtml(file.name)}</p>`;
}

function slideOf(file: GalleryFile): GalleryItem {
  if (file.kind === 'video') {
    return {
      // lightGallery types the attributes as a whole video element; it only copies the ones given.
      video: { source: [{ src: file.url, type: 'video/mp4' }], tracks: [], attributes: { preload: 'metadata', controls: true } as unknown as HTMLVideoElement },
      thumb: file.thumb ?? '',
      subHtml: captionOf(file),
      downloadUrl: `${file.url}?download=1`,
      alt: file.name,
    };
  }
  return { src: file.url, thumb: file.thumb ?? file.url, subHtml: captionOf(file), downloadUrl: `${file.url}?download=1`, alt: file.name };
}

let current: GalleryInstance | null = null;

/** Tabster's mark (Fluent's useDangerousNeverHidden_unstable) of a top-level element an open modal leaves visible. */
const NEVER_HIDDEN = 'data-tabster-never-hide';

/**
 * Opens the gallery on one file over the whole viewport (issue 33: inside the task drawer it covered
 * the drawer alone, whose transform holds a fixed layer to its own box). The layer is a child of the
 * body, marked for the drawer's modal not to hide it from assistive technology while it is open;
 * `onClosed` gets focus back to where the user was.
 */
export function openGallery(files: GalleryFile[], start: GalleryFile, onClosed: () => void): void {
  current?.destroy();
  const slides = galleryFilesOf(files);
  // A layer over the whole screen holding lightGallery's "inline" container.
  const layer = document.createElement('div');
  layer.style.cssText = 'position: fixed; inset: 0; z-index: 1000000;';
  layer.setAttribute(NEVER_HIDDEN, '');
  layer.dataset.testid = 'gallery';
  const host = document.createElement('div');
  host.style.cssText = 'width: 100%; height: 100%;';
  layer.appendChild(host);
  document.body.appendChild(layer);
  // Escape closes the gallery only: the drawer around it must not hear it and close as well.
  layer.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    current?.closeGallery();
  });
  host.addEventListener('lgAfterClose', () => {
    current?.destroy();
    current = null;
    layer.remove();
    onClosed();
  });
  current = lightGallery(host, {
    ...GALLERY_SETTINGS,
    // The key lightGallery's documentation gives to GPLv3 projects (see docs/decisions.md on its licence).
    licenseKey: '0000-0000-000-0000',
    container: host,
    dynamic: true,
    dynamicEl: slides.map(slideOf),
    plugins: [lgZoom, lgThumbnail, lgVideo],
  }) as unknown as GalleryInstance;
  // Focus moves into the gallery, so Escape and the arrow keys reach it before the drawer.
  host.addEventListener('lgAfterOpen', () => host.querySelector<HTMLElement>('.lg-container')?.focus());
  current.openGallery(
    Math.max(
      0,
      slides.findIndex((file) => file.id === start.id),
    ),
  );
}
