################################################################################
#
# kernel-rust
#
################################################################################

# The kernel's Rust toolchain: the build host's Debian bookworm packages.
# These variables are the only list of the kernel's Rust make flags:
# Buildroot appends them to LINUX_MAKE_FLAGS (so the kernel and the
# kernel-module packages get them), and ../br2-external deps reads the
# tools' Debian packages from KERNEL_RUST_TOOLS. Not in LINUX_EXTENSIONS: there is no
# kernel-rust package to download or patch into the kernel.

ifeq ($(BR2_LINUX_KERNEL_EXT_KERNEL_RUST),y)

KERNEL_RUST_BINDIR = /usr/bin
KERNEL_RUST_LIB_SRC = /usr/lib/rustlib/src/rust/library
KERNEL_RUST_LIB_SRC_PACKAGE = rust-src

# CLIPPY=1: Rust code (the kernel's and the modules') is built with
# clippy-driver, so Clippy's warnings are in the build log, where
# tests/build-warnings.sh fails on any (the boards leave CONFIG_WERROR off).
KERNEL_RUST_MAKE_FLAGS = \
	LLVM=1 \
	CLIPPY=1 \
	RUSTC=$(KERNEL_RUST_BINDIR)/rustc \
	RUSTDOC=$(KERNEL_RUST_BINDIR)/rustdoc \
	RUSTFMT=$(KERNEL_RUST_BINDIR)/rustfmt \
	CLIPPY_DRIVER=$(KERNEL_RUST_BINDIR)/clippy-driver \
	BINDGEN=$(KERNEL_RUST_BINDIR)/bindgen \
	HOSTRUSTC=$(KERNEL_RUST_BINDIR)/rustc \
	RUST_LIB_SRC=$(KERNEL_RUST_LIB_SRC)

# <tool>:<Debian package>:<start of the version it must report>.
# LLVM=1 runs clang, ld.lld and llvm-ar from the PATH.
KERNEL_RUST_TOOLS = \
	$(KERNEL_RUST_BINDIR)/rustc:rustc:1.63. \
	$(KERNEL_RUST_BINDIR)/rustdoc:rustc:1.63. \
	$(KERNEL_RUST_BINDIR)/rustfmt:rustfmt: \
	$(KERNEL_RUST_BINDIR)/clippy-driver:rust-clippy:0.1.63 \
	$(KERNEL_RUST_BINDIR)/bindgen:bindgen:0.60. \
	clang:clang:14. \
	ld.lld:lld:14. \
	llvm-ar:llvm:14.

define KERNEL_RUST_CHECK_TOOLS
	$(Q)for t in $(KERNEL_RUST_TOOLS); do \
		tool=$${t%%:*}; want=$${t##*:}; pkg=$${t#*:}; pkg=$${pkg%:*}; \
		have=$$($$tool --version 2>/dev/null | head -n 1); \
		case "$$have" in \
		*" $$want"*) ;; \
		*) echo "kernel-rust: need $$tool $${want%.}$${have:+, found $$have}: apt-get install $$pkg" >&2; \
			exit 1 ;; \
		esac; \
	done
	$(Q)test -f $(KERNEL_RUST_LIB_SRC)/core/src/lib.rs || { \
		echo "kernel-rust: need $(KERNEL_RUST_LIB_SRC): apt-get install $(KERNEL_RUST_LIB_SRC_PACKAGE)" >&2; \
		exit 1; }
endef
# Before patching (not post-patch, as extensions usually hook): a failed
# post-patch hook leaves the tree patched without .stamp_patched, and the
# rerun after the fix stops at "duplicate filename".
# check-package disable TypoInPackageVariable
LINUX_PRE_PATCH_HOOKS += KERNEL_RUST_CHECK_TOOLS

# The kernel source this tree's series (patches/linux/) is made for:
# Debian bookworm's linux-source-6.1 at this version, whose hash
# patches/linux/linux.hash holds. A Debian point release replaces
# /usr/src/linux-source-6.1.tar.xz: then the build stops at its download
# step with one line naming both versions, before the hash check.
# docs/kernel-series.md says how to move the series to a new release.
KERNEL_RUST_SERIES_BASE = 6.1.192

define KERNEL_RUST_CHECK_BASE
	$(Q)src="$(patsubst file://%,%,$(LINUX_SITE))/$(LINUX_SOURCE)"; \
	if [ -f "$$src" ]; then \
		found=$$(tar --occurrence=1 -xOJf "$$src" linux-source-6.1/Makefile 2>/dev/null | \
			awk '$$2 == "=" && $$1 ~ /^(VERSION|PATCHLEVEL|SUBLEVEL)$$/ { v = v (v == "" ? "" : ".") $$3 } END { print v }'); \
		[ "$$found" = "$(KERNEL_RUST_SERIES_BASE)" ] || { \
			echo "kernel-rust: $$src is Linux $${found:-of an unknown version}, the series in patches/linux/ is made for $(KERNEL_RUST_SERIES_BASE): install linux-source-6.1 $(KERNEL_RUST_SERIES_BASE), or move the series (docs/kernel-series.md, utils/try-kernel-base)" >&2; \
			exit 1; }; \
	fi
endef
ifeq ($(LINUX_SOURCE),linux-source-6.1.tar.xz)
# check-package disable TypoInPackageVariable
LINUX_PRE_DOWNLOAD_HOOKS += KERNEL_RUST_CHECK_BASE
endif

# linux.mk puts gcc's -Wno-attribute-alias in KCFLAGS for every gcc >= 8
# toolchain. With LLVM=1 the kernel's C is compiled by clang, which does
# not know that option, and 6.1's scripts/Makefile.clang makes an unknown
# warning option an error (at scripts/mod/empty.o, the first C file).
# check-package disable TypoInPackageVariable
LINUX_CFLAGS := $(filter-out -Wno-attribute-alias,$(LINUX_CFLAGS))

# Appending to the kernel's flags is what this extension is for.
# check-package disable TypoInPackageVariable
LINUX_MAKE_FLAGS += $(KERNEL_RUST_MAKE_FLAGS)

endif
