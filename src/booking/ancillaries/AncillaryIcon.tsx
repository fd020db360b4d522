import {
  CoffeeOutlined,
  CustomerServiceOutlined,
  EyeInvisibleOutlined,
  InboxOutlined,
  MedicineBoxOutlined,
  RestOutlined,
  ShoppingOutlined,
  SmileOutlined,
  SoundOutlined,
  StarOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";
import type { AncillaryIcon as AncillaryIconCode } from "../../config/referenceLists";

const ICONS: Readonly<Record<AncillaryIconCode, ComponentType<{ "aria-hidden"?: boolean }>>> = {
  bag: ShoppingOutlined,
  extraWeight: InboxOutlined,
  infant: SmileOutlined,
  meal: RestOutlined,
  snack: CoffeeOutlined,
  assistance: CustomerServiceOutlined,
  sight: EyeInvisibleOutlined,
  hearing: SoundOutlined,
  medical: MedicineBoxOutlined,
  other: StarOutlined,
};

/** The catalogue's picture of a service; decorative, as its name is always beside it. */
export function AncillaryIcon({ icon }: { icon: AncillaryIconCode }) {
  const Icon = ICONS[icon];
  return <Icon aria-hidden />;
}
