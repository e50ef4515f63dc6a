include $(sort $(wildcard $(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/package/*/*.mk))
