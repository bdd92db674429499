import { mediaUrl } from '../product-card/media-url';

/**
 * A part's picture in a list (cart lines, price pages); an empty frame of the same size (the
 * class's) when the part has none, rather than an image without a source.
 */
export function PartPic({
  pic,
  name,
  className,
  lazy,
}: {
  pic: string;
  name: string;
  className?: string;
  lazy?: boolean;
}) {
  return pic ? (
    <img className={className} src={mediaUrl(pic)} alt={name} loading={lazy ? 'lazy' : undefined} />
  ) : (
    <div className={className} />
  );
}
