import { Image, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { Activity } from "../../contract/activities";
import { MISSING_PICTURE } from "../ui/missingPicture";

const WIDTH = 160;
const HEIGHT = 110;
const FRAME = { objectFit: "cover", borderRadius: 6 } as const;

/** The activity's first picture, beside it in the results; nothing when its supplier publishes none. */
export function ActivityThumbnail({ activity }: { activity: Activity }) {
  const [first] = activity.images;
  if (!first) return null;
  return (
    <div style={{ flex: `0 0 ${WIDTH}px` }} data-testid="activity-thumbnail">
      <Image src={first} alt={activity.name} width={WIDTH} height={HEIGHT} style={FRAME} fallback={MISSING_PICTURE} preview={false} />
    </div>
  );
}

/** Every picture of the activity, each opening large, on its page. */
export function ActivityGallery({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  if (activity.images.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} data-testid="activity-gallery">
        {activity.images.map((url, index) => (
          <Image key={url} src={url} alt={t("booking.activity.page.photo", { name: activity.name, number: index + 1 })} width={WIDTH} height={HEIGHT} style={FRAME} fallback={MISSING_PICTURE} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
